import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import { axisTicks, formatAxisNumber } from '../../../lib/axis-ticks';
import { COMPARISON_TOOLTIP_TITLE_LENGTH } from '../../../lib/constants';
import { formatCompact, truncate } from '../../../lib/format';
import type { RotationLog } from '../../../api/test-types';
import { ChartPanel } from './ChartPanel';
import { cardHeadings } from './card-headings';
import type { TestKind } from '#shared/test-kinds';
import type { WinnerMetric } from '#shared/test-shapes';
import { excludedRotations, viewsPerTitle, type TitleViews } from './title-views';

const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'} counted`;

/**
 * What the bars show for each metric the verdict may judge by: its figure per title, over the
 * windows (days) the verdict counts. For watch time per impression the rotation keeps YouTube's
 * daily CTR and average view duration, whose product is close to, not exactly, the verdict's watch
 * time over impressions (views that came from outside impressions count in the verdict's).
 */
const BAR_FIGURES: Record<
  WinnerMetric,
  {
    series: { name: keyof TitleViews; label: string };
    value: (entry: TitleViews) => number | null;
    unit?: string;
    note: string;
    describe: (entry: TitleViews) => string;
  }
> = {
  views: {
    series: { name: 'viewsPerHour', label: 'Views per hour' },
    value: (entry) => entry.viewsPerHour,
    note: 'Views per hour in the windows the verdict counts',
    describe: (point) =>
      point.viewsPerHour === null
        ? 'No counted window yet'
        : `${point.viewsPerHour >= 1000 ? formatCompact(point.viewsPerHour) : point.viewsPerHour} views per hour (${point.countedWindows} ${point.countedWindows === 1 ? 'window' : 'windows'} counted)`,
  },
  ctr: {
    series: { name: 'ctr', label: 'Average daily CTR' },
    value: (entry) => entry.ctr,
    unit: '%',
    note: 'Average of YouTube’s daily CTR in the days the verdict counts',
    describe: (point) =>
      point.ctr === null
        ? 'No counted day with a CTR yet'
        : `${point.ctr}% average daily CTR (${days(point.ctrDays)})`,
  },
  combined: {
    series: { name: 'watchPerImpression', label: 'Seconds watched per impression' },
    value: (entry) => entry.watchPerImpression,
    unit: ' s',
    note: 'Seconds watched per impression (daily CTR × average view duration), averaged over the days the verdict counts',
    describe: (point) =>
      point.watchPerImpression === null
        ? 'No counted day with CTR and watch time yet'
        : `${point.watchPerImpression} s watched per impression (${days(point.watchDays)})`,
  },
};

function ComparisonTooltip({
  active,
  payload,
  metric,
}: {
  active?: boolean;
  payload?: readonly { payload?: TitleViews }[];
  metric: WinnerMetric;
}) {
  const point = payload?.[0]?.payload;
  if (!active || !point) return null;
  return (
    <Paper withBorder shadow="md" p="xs" radius="md">
      <Text fz="sm" fw={600}>
        {truncate(point.title, COMPARISON_TOOLTIP_TITLE_LENGTH)}
      </Text>
      <Text fz="sm" c="dimmed">
        {BAR_FIGURES[metric].describe(point)}
      </Text>
    </Paper>
  );
}

/**
 * 'Title Performance Comparison': one bar per title of the test (T1..n), by what the verdict
 * judges: views per hour over the windows it counts, a CTR-judged test's average daily CTR, or a
 * watch-time-judged test's seconds watched per impression (title-views.ts); a note says how many rotations are left out, as the
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
  const figure = BAR_FIGURES[metric];
  const ticks = axisTicks(
    data.map((entry) => figure.value(entry) ?? 0),
    { integer: metric === 'views' },
  );
  return (
    <ChartPanel
      title={headings.comparison}
      empty={data.every((entry) => figure.value(entry) === null)}
      emptyText="No comparison data"
    >
      <BarChart
        h={200}
        data={data}
        dataKey="label"
        series={[{ ...figure.series, color: 'grape.6' }]}
        gridAxis="y"
        valueFormatter={formatAxisNumber}
        unit={figure.unit}
        yAxisProps={{ ticks, domain: [0, ticks.at(-1)!], allowDecimals: metric !== 'views', interval: 0 }}
        tooltipProps={{
          content: (props) => (
            <ComparisonTooltip active={props.active} payload={props.payload} metric={metric} />
          ),
        }}
      />
      <Text fz="xs" c="gray.7" mt="xs">
        {figure.note}
        {excluded > 0
          ? `; ${excluded} ${excluded === 1 ? 'rotation is' : 'rotations are'} left out, as in the verdict (the ${headings.history} says why).`
          : '.'}
      </Text>
    </ChartPanel>
  );
}
