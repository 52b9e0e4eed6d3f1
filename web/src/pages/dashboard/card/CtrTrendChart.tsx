import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import type { RotationLog } from '../types';
import { ChartPanel } from './ChartPanel';

/** SPEC §2 'CTR Performance Trend': CTR per rotation, points labelled Title 1..n. */
export function CtrTrendChart({ logs }: { logs: RotationLog[] }) {
  const data = logs
    .filter((log) => log.ctrAtRotation !== null)
    .map((log, index) => ({
      label: `Title ${index + 1}`,
      ctr: Number(log.ctrAtRotation!.toFixed(1)),
      title: log.titleText,
    }));
  return (
    <ChartPanel title="CTR Performance Trend" empty={data.length === 0} emptyText="No data available">
      <AreaChart
        h={200}
        data={data}
        dataKey="label"
        series={[{ name: 'ctr', label: 'CTR (%)', color: 'violet.6' }]}
        curveType="monotone"
        unit="%"
        withDots
        gridAxis="y"
      />
    </ChartPanel>
  );
}
