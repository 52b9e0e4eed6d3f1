import type { ComboboxData } from '@mantine/core';
import {
  intervalsFor,
  isMeasuredPerDay,
  METRIC_LABELS,
  WINNER_METRICS,
  type WinnerMetric,
} from '#shared/test-shapes';
import { ROTATION_INTERVALS } from '#shared/title-test-rules';
import { capitalize, formatInterval } from '../../../lib/format';

export const metricOptions = WINNER_METRICS.map((metric) => ({
  value: metric,
  label: METRIC_LABELS[metric],
}));

/** Label of the group that holds the intervals a daily metric cannot use. */
export const VIEWS_ONLY_GROUP = `Only when “${METRIC_LABELS.views}” decides`;

/**
 * The rotation intervals for a metric. A daily metric (CTR, watch time) offers only "Every 24
 * hours"; the shorter intervals stay listed, disabled, under a group label that says when they apply.
 */
export function intervalOptions(metric: WinnerMetric): ComboboxData {
  const allowed = intervalsFor(metric);
  const option = (minutes: number) => ({
    value: String(minutes),
    label: capitalize(formatInterval(minutes)),
  });
  if (allowed.length === ROTATION_INTERVALS.length) return ROTATION_INTERVALS.map(option);
  const others = ROTATION_INTERVALS.filter((minutes) => !allowed.includes(minutes));
  return [
    ...allowed.map(option),
    { group: VIEWS_ONLY_GROUP, items: others.map((minutes) => ({ ...option(minutes), disabled: true })) },
  ];
}

/** The one line under the interval select: why a daily metric rotates daily, else what the interval is. */
export function intervalDescription(metric: WinnerMetric): string {
  if (!isMeasuredPerDay(metric)) return 'How long each title stays on the video';
  const figures = metric === 'ctr' ? 'CTR' : 'watch time and impressions';
  return `YouTube reports ${figures} once a day, so each title stays live for whole days.`;
}
