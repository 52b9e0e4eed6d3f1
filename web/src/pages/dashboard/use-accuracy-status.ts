import { DASHBOARD_POLL_MS } from '../../api/query-client';
import { trpc } from '../../api/trpc';

/**
 * The analytics accuracy status behind the Data Accuracy banner, polled with the rest of the
 * dashboard: YouTube's first reach report arrives while the page is open, and the banner must not
 * call CTR pending beside a card that shows it.
 */
export function useAccuracyStatus() {
  return trpc.analytics.accuracyStatus.useQuery(undefined, { refetchInterval: DASHBOARD_POLL_MS });
}
