import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { COMPARISON_TOOLTIP_TITLE_LENGTH } from '../../../lib/constants';
import { formatCompact, truncate } from '../../../lib/format';
import type { RotationLog } from '../types';
import { ChartPanel } from './ChartPanel';

interface Point {
  label: string;
  views: number;
  title: string;
}

function ComparisonTooltip({
  active,
  payload,
}: {
  active?: boolean;
  payload?: readonly { payload?: Point }[];
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <Paper withBorder shadow="md" p="xs" radius="md">
      <Text fz="sm" fw={600}>
        {truncate(point.title, COMPARISON_TOOLTIP_TITLE_LENGTH)}
      </Text>
      <Text fz="sm" c="dimmed">
        {formatCompact(point.views)} views
      </Text>
    </Paper>
  );
}

/** SPEC §2 'Title Performance Comparison': views per rotation, bars T1..n. */
export function ComparisonChart({ logs }: { logs: RotationLog[] }) {
  const data: Point[] = logs
    .filter((log) => log.viewsAtRotation !== null)
    .map((log, index) => ({ label: `T${index + 1}`, views: log.viewsAtRotation!, title: log.titleText }));
  return (
    <ChartPanel title="Title Performance Comparison" empty={data.length === 0} emptyText="No comparison data">
      <BarChart
        h={200}
        data={data}
        dataKey="label"
        series={[{ name: 'views', label: 'Views', color: 'grape.6' }]}
        gridAxis="y"
        valueFormatter={formatCompact}
        tooltipProps={{
          content: (props) => <ComparisonTooltip active={props.active} payload={props.payload} />,
        }}
      />
    </ChartPanel>
  );
}
