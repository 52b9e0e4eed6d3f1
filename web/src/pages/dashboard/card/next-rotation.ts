import { formatRelative } from '../../../lib/expected-time';
import type { TestAnalytics, TitleTest } from '../../../api/test-types';

/**
 * When titles next switch, in the words of "Rotation starts …": "in 21 hours". The server counts
 * minutes from its clock (clockAt) to the next window; `now` is that clock moved on since.
 */
export function nextRotationText(
  test: Pick<TitleTest, 'status'>,
  analytics:
    | (Pick<TestAnalytics, 'clockAt' | 'nextRotationIn'> & {
        expected?: Pick<TestAnalytics['expected'], 'firstRotation'>;
      })
    | undefined,
  now: Date,
): string {
  if (['completed', 'cancelled', 'paused', 'queued'].includes(test.status)) return '—';
  if (!analytics) return 'Calculating...';
  if (analytics.nextRotationIn === null) return '—';
  // Before the first switch its exact time is known: the same instant "Rotation starts …" counts
  // to (the minutes are rounded up, so they would say a minute more).
  const first = analytics.expected?.firstRotation?.at;
  const from = analytics.clockAt ? Date.parse(analytics.clockAt) : now.getTime();
  const at = first ? new Date(first) : new Date(from + Math.max(0, analytics.nextRotationIn) * 60_000);
  return formatRelative(at, now);
}
