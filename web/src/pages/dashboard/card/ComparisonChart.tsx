import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { axisTicks, formatAxisNumber } from '../../../lib/axis-ticks';
import { COMPARISON_TOOLTIP_TITLE_LENGTH } from '../../../lib/constants';
import { formatCompact, truncate } from '../../../lib/format';
import type { RotationLog } from '../../../api/test-types';
import { ChartPanel } from './ChartPanel';
import { cardHeadings } from './card-headings';
import type { TestKind } from '../../../../../src/shared/test-kinds';
import { excludedRotations, viewsPerTitle, type TitleViews } from './title-views';

function ComparisonTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: readonly { payload?: TitleViews }[];
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <Paper withBorder shadow="md" p="xs" radius="md">
      <Text fz="sm" fw={600}>
        {truncate(point.title, COMPARISON_TOOLTIP_TITLE_LENGTH)}
      </Text>
      <Text fz="sm" c="dimmed">
        {point.viewsPerHour === null
          ? 'No counted window yet'
          : `${point.viewsPerHour >= 1000 ? formatCompact(point.viewsPerHour) : point.viewsPerHour} views per hour (${point.countedWindows} ${point.countedWindows === 1 ? 'window' : 'windows'} counted)`}
      </Text>
    </Paper>
  );
}

/**
 * 'Title Performance Comparison': one bar per title of the test (T1..n), views per hour over the
 * windows the verdict counts (title-views.ts); a note says how many rotations are left out, as the
 * verdict leaves them out, and where to read why.
 */
export function ComparisonChart({
  kind,
  titles,
  thumbnails,
  logs,
}: {
  kind?: TestKind;
  titles: readonly string[];
  /** Each variant's thumbnail (thumbnail and package tests). */
  thumbnails?: readonly (string | null)[];
  logs: RotationLog[];
}) {
  const data = viewsPerTitle(titles, logs, thumbnails);
  const excluded = excludedRotations(logs);
  const headings = cardHeadings(kind);
  const ticks = axisTicks(
    data.map((entry) => entry.viewsPerHour ?? 0),
    { integer: true },
  );
  return (
    <ChartPanel
      title={headings.comparison}
      empty={data.every((entry) => entry.viewsPerHour === null)}
      emptyText="No comparison data"
    >
      <BarChart
        h={200}
        data={data}
        dataKey="label"
        series={[{ name: 'viewsPerHour', label: 'Views per hour', color: 'grape.6' }]}
        gridAxis="y"
        valueFormatter={formatAxisNumber}
        yAxisProps={{ ticks, domain: [0, ticks.at(-1)!], allowDecimals: false, interval: 0 }}
        tooltipProps={{
          content: (props) => <ComparisonTooltip active={props.active} payload={props.payload} />,
        }}
      />
      <Text fz="xs" c="gray.7" mt="xs">
        Views per hour in the windows the verdict counts
        {excluded > 0
          ? `; ${excluded} ${excluded === 1 ? 'rotation is' : 'rotations are'} left out, as in the verdict (the ${headings.history} says why).`
          : '.'}
      </Text>
    </ChartPanel>
  );
}
