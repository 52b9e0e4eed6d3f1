import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { axisTicks, formatAxisNumber } from '../../../lib/axis-ticks';
import type { RotationLog } from '../../../api/test-types';
import { ChartPanel } from './ChartPanel';
import { ctrChartEmptyText } from './pending-figures';

/** 'CTR Performance Trend': CTR per rotation, each point labelled with its title (Title 1..n of the test). */
export function CtrTrendChart({
  logs,
  expectedAt,
  now,
}: {
  logs: RotationLog[];
  /** When the test's first CTR figure is expected (while there is none). */
  expectedAt: string | null;
  now: Date;
}) {
  // The rotations the verdict leaves out are left out here too (src/title-tests/counted-windows.ts).
  const data = logs
    .filter((log) => log.ctrAtRotation !== null && log.analysis !== 'excluded')
    .map((log) => ({
      label: log.title,
      ctr: Number(log.ctrAtRotation!.toFixed(1)),
      title: log.titleText,
    }));
  const ticks = axisTicks(
    data.map((point) => point.ctr),
    { integer: false },
  );
  return (
    <ChartPanel
      title="CTR Performance Trend"
      empty={data.length === 0}
      emptyText={ctrChartEmptyText(logs, expectedAt, now)}
    >
      <AreaChart
        h={200}
        data={data}
        dataKey="label"
        series={[{ name: 'ctr', label: 'CTR (%)', color: 'violet.6' }]}
        curveType="monotone"
        unit="%"
        withDots
        gridAxis="y"
        valueFormatter={formatAxisNumber}
        yAxisProps={{ ticks, domain: [0, ticks.at(-1)!], interval: 0 }}
        xAxisProps={{ allowDuplicatedCategory: true }}
      />
    </ChartPanel>
  );
}
