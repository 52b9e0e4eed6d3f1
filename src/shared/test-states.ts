// Which states of a title test count as running or as started (docs/product.md#test-states).
// Pure (type imports only), so web/ may import it at runtime.

/**
 * `queued`: created, but waiting for YouTube capacity (src/capacity): it holds its video and starts
 * by itself when capacity frees; no title has changed.
 */
export const titleTestStatuses = [
  'queued',
  'scheduled',
  'active',
  'paused',
  'completed',
  'cancelled',
] as const;
export type TitleTestStatus = (typeof titleTestStatuses)[number];

/**
 * A test that may still change the live title: it holds its video and counts toward its plan's
 * running tests. A queued one waits for YouTube capacity (docs/capacity.md) and has changed nothing yet.
 */
export const runningStatuses: readonly TitleTestStatus[] = ['queued', 'scheduled', 'active', 'paused'];

/** A test whose titles have been live: its figures are collected while YouTube still reports them. */
export const startedStatuses: readonly TitleTestStatus[] = ['active', 'paused', 'completed', 'cancelled'];

/** How a status reads on a badge: a queued test "waits for capacity" (docs/capacity.md). */
export const TEST_STATUS_LABELS: Record<TitleTestStatus, string> = {
  queued: 'waiting for capacity',
  scheduled: 'scheduled',
  active: 'active',
  paused: 'paused',
  completed: 'completed',
  cancelled: 'cancelled',
};
