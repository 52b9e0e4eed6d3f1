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
import type { WinnerMetric } from '../../../../../src/shared/test-shapes';
import { excludedRotations, viewsPerTitle, type TitleViews } from './title-views';

function ComparisonTooltip({
  active,
  payload,
  byCtr,
}: {
  active?: boolean;
  payload?: readonly { payload?: TitleViews }[];
  byCtr: boolean;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  const figure = byCtr
    ? point.ctr === null
      ? 'No counted day with a CTR yet'
      : `${point.ctr}% average daily CTR (${point.ctrDays} ${point.ctrDays === 1 ? 'day' : 'days'} counted)`
    : point.viewsPerHour === null
      ? 'No counted window yet'
      : `${point.viewsPerHour >= 1000 ? formatCompact(point.viewsPerHour) : point.viewsPerHour} views per hour (${point.countedWindows} ${point.countedWindows === 1 ? 'window' : 'windows'} counted)`;
  return (
    <Paper withBorder shadow="md" p="xs" radius="md">
      <Text fz="sm" fw={600}>
        {truncate(point.title, COMPARISON_TOOLTIP_TITLE_LENGTH)}
      </Text>
      <Text fz="sm" c="dimmed">
        {figure}
      </Text>
    </Paper>
  );
}

/**
 * 'Title Performance Comparison': one bar per title of the test (T1..n), by what the verdict
 * judges: views per hour over the windows it counts, or a CTR-judged test's average daily CTR
 * (title-views.ts); a note says how many rotations are left out, as the
 * verdict leaves them out, and where to read why.
 */
export function ComparisonChart({
  kind,
  metric = 'views',
  titles,
  thumbnails,
  logs,
}: {
  kind?: TestKind;
  /** What the verdict judges by: a CTR-judged test's bars are its CTR, so the tallest is the verdict's leader. */
  metric?: WinnerMetric;
  titles: readonly string[];
  /** Each variant's thumbnail (thumbnail and package tests). */
  thumbnails?: readonly (string | null)[];
  logs: RotationLog[];
}) {
  const data = viewsPerTitle(titles, logs, thumbnails);
  const excluded = excludedRotations(logs);
  const headings = cardHeadings(kind);
  const byCtr = metric === 'ctr';
  const valueOf = (entry: TitleViews) => (byCtr ? entry.ctr : entry.viewsPerHour);
  const ticks = axisTicks(
    data.map((entry) => valueOf(entry) ?? 0),
    { integer: !byCtr },
  );
  return (
    <ChartPanel
      title={headings.comparison}
      empty={data.every((entry) => valueOf(entry) === null)}
      emptyText="No comparison data"
    >
      <BarChart
        h={200}
        data={data}
        dataKey="label"
        series={[
          byCtr
            ? { name: 'ctr', label: 'Average daily CTR', color: 'grape.6' }
            : { name: 'viewsPerHour', label: 'Views per hour', color: 'grape.6' },
        ]}
        gridAxis="y"
        valueFormatter={formatAxisNumber}
        unit={byCtr ? '%' : undefined}
        yAxisProps={{ ticks, domain: [0, ticks.at(-1)!], allowDecimals: byCtr, interval: 0 }}
        tooltipProps={{
          content: (props) => (
            <ComparisonTooltip active={props.active} payload={props.payload} byCtr={byCtr} />
          ),
        }}
      />
      <Text fz="xs" c="gray.7" mt="xs">
        {byCtr
          ? 'Average of YouTube’s daily CTR in the days the verdict counts'
          : 'Views per hour in the windows the verdict counts'}
        {excluded > 0
          ? `; ${excluded} ${excluded === 1 ? 'rotation is' : 'rotations are'} left out, as in the verdict (the ${headings.history} says why).`
          : '.'}
      </Text>
    </ChartPanel>
  );
}
