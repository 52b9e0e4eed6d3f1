import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { axisTicks, formatAxisNumber } from '../../../lib/axis-ticks';
import { COMPARISON_TOOLTIP_TITLE_LENGTH } from '../../../lib/constants';
import { formatCompact, truncate } from '../../../lib/format';
import type { RotationLog } from '../../../api/test-types';
import { ChartPanel } from './ChartPanel';
import { viewsPerTitle, type TitleViews } from './title-views';

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
        {point.viewsPerRotation === null
          ? 'No measured rotation yet'
          : `${formatCompact(point.viewsPerRotation)} views per rotation (${point.measuredRotations} measured)`}
      </Text>
    </Paper>
  );
}

/** 'Title Performance Comparison': one bar per title of the test (T1..n), mean views per rotation. */
export function ComparisonChart({ titles, logs }: { titles: readonly string[]; logs: RotationLog[] }) {
  const data = viewsPerTitle(titles, logs);
  const ticks = axisTicks(
    data.map((entry) => entry.viewsPerRotation ?? 0),
    { integer: true },
  );
  return (
    <ChartPanel
      title="Title Performance Comparison"
      empty={data.every((entry) => entry.viewsPerRotation === null)}
      emptyText="No comparison data"
    >
      <BarChart
        h={200}
        data={data}
        dataKey="label"
        series={[{ name: 'viewsPerRotation', label: 'Views per rotation', color: 'grape.6' }]}
        gridAxis="y"
        valueFormatter={formatAxisNumber}
        yAxisProps={{ ticks, domain: [0, ticks.at(-1)!], allowDecimals: false, interval: 0 }}
        tooltipProps={{
          content: (props) => <ComparisonTooltip active={props.active} payload={props.payload} />,
        }}
      />
    </ChartPanel>
  );
}
