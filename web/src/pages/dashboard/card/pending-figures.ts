import { formatExpected } from '../../../lib/expected-time';
import type { RotationLog } from '../../../api/test-types';

/**
 * Why the chart has no point yet, and when the first is expected: the earliest a pending
 * rotation's CTR is due, else (no rotation yet) when the test's first day's CTR is.
 */
export function ctrChartEmptyText(logs: RotationLog[], testCtrAt: string | null, now: Date): string {
  const due = logs
    .map((log) => log.ctrExpectedAt)
    .filter((at): at is string => at !== null)
    .sort()[0];
  const expected = due ?? testCtrAt;
  const why = 'No CTR yet: YouTube reports impressions and CTR once per Pacific day, days later.';
  return expected ? `${why} The first figures are expected ${formatExpected(new Date(expected), now)}.` : why;
}
