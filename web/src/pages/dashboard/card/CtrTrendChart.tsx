import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { axisTicks, formatAxisNumber } from '../../../lib/axis-ticks';
import type { RotationLog } from '../../../api/test-types';
import type { TestKind } from '#shared/test-kinds';
import { ChartPanel } from './ChartPanel';
import { ctrDays, ctrTrendRows, ctrTrendSummary, subDayCtrText, titleSeriesNames } from './ctr-trend';
import { ctrChartEmptyText } from './pending-figures';

const DAILY_MINUTES = 1440;
const SERIES_COLORS = ['violet.6', 'teal.6', 'orange.6', 'blue.6', 'pink.6', 'lime.7', 'cyan.6', 'red.6'];

/**
 * 'CTR Performance Trend': one line per variant (Title 1..k, Thumbnail 1..k, …), each the daily CTR of the Pacific
 * days that title held (ctr-trend.ts), so the titles can be compared; screen readers get the
 * same figures as the chart's label.
 */
export function CtrTrendChart({
  logs,
  kind,
  titleCount,
  intervalMinutes,
  expectedAt,
  now,
}: {
  logs: RotationLog[];
  /** What the test rotates: the series are named as its variants are ("Thumbnail 2"). */
  kind: TestKind;
  /** Its variants, the original included. */
  titleCount: number;
  /** The test's rotation interval: only a daily test gives each title days of its own. */
  intervalMinutes: number;
  /** When the test's first CTR figure is expected (while there is none). */
  expectedAt: string | null;
  now: Date;
}) {
  const subDay = intervalMinutes < DAILY_MINUTES;
  const days = subDay ? [] : ctrDays(logs);
  const names = titleSeriesNames(titleCount, kind);
  const ticks = axisTicks(
    days.map((entry) => entry.ctr),
    { integer: false },
  );
  return (
    <ChartPanel
      title="CTR Performance Trend"
      empty={days.length === 0}
      emptyText={subDay ? subDayCtrText(kind) : ctrChartEmptyText(logs, expectedAt, now)}
    >
      <div role="img" aria-label={ctrTrendSummary(days, titleCount, kind)}>
        <LineChart
          h={200}
          data={ctrTrendRows(days)}
          dataKey="label"
          series={names.map((name, index) => ({
            name,
            label: name,
            color: SERIES_COLORS[index % SERIES_COLORS.length]!,
          }))}
          curveType="linear"
          connectNulls
          unit="%"
          withDots
          withLegend
          legendProps={{ verticalAlign: 'bottom', height: 40 }}
          gridAxis="y"
          valueFormatter={formatAxisNumber}
          yAxisProps={{ ticks, domain: [0, ticks.at(-1)!], interval: 0 }}
        />
      </div>
    </ChartPanel>
  );
}
