import { DASHBOARD_POLL_MS } from '../../api/query-client';
import { trpc } from '../../api/trpc';
import { useChannelChoice } from '../../lib/channel-choice';

/**
 * Dashboard data polls every 30 s; everything else keeps the client defaults
 * (docs/product.md#client-behaviour).
 */
const polling = { refetchInterval: DASHBOARD_POLL_MS } as const;

/** The figures of the channel chosen in the header, or of every channel. */
export function useDashboardStats() {
  const channelId = useChannelChoice() ?? undefined;
  return trpc.tests.dashboardStats.useQuery({ channelId }, polling);
}

/** The tests of the channel chosen in the header, or of every channel. */
export function useTests() {
  const channelId = useChannelChoice() ?? undefined;
  return trpc.tests.list.useQuery({ channelId }, polling);
}

export function useTestAnalytics(id: string) {
  return trpc.tests.analytics.useQuery({ id }, polling);
}

/**
 * After any change to a test: tests, stats and that test's analytics are fetched again, and the
 * bell's notifications (a change such as a fast-forward often brings some).
 */
export function useRefreshDashboard() {
  const utils = trpc.useUtils();
  return async (testId?: string) => {
    // Marked stale, read again when next shown (not awaited: nothing waits on them): a test started
    // or ended moves the account's capacity, and a fast-forward the reach data's days.
    void utils.capacity.forShape.invalidate(undefined, { refetchType: 'none' });
    void utils.analytics.accuracyStatus.invalidate();
    await Promise.all([
      utils.notifications.list.invalidate(),
      utils.tests.list.invalidate(),
      utils.tests.dashboardStats.invalidate(),
      testId ? utils.tests.analytics.invalidate({ id: testId }) : utils.tests.analytics.invalidate(),
    ]);
  };
}
