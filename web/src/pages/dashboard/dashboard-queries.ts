import { DASHBOARD_POLL_MS } from '../../api/query-client';
import { trpc } from '../../api/trpc';

/**
 * Dashboard data polls every 30 s; everything else keeps the client defaults
 * (docs/product.md#client-behaviour).
 */
const polling = { refetchInterval: DASHBOARD_POLL_MS } as const;

export function useDashboardStats() {
  return trpc.tests.dashboardStats.useQuery(undefined, polling);
}

export function useTests() {
  return trpc.tests.list.useQuery(undefined, polling);
}

export function useTestAnalytics(id: string) {
  return trpc.tests.analytics.useQuery({ id }, polling);
}

/** After any change to a test: tests, stats and that test's analytics are fetched again. */
export function useRefreshDashboard() {
  const utils = trpc.useUtils();
  return async (testId?: string) => {
    await Promise.all([
      utils.tests.list.invalidate(),
      utils.tests.dashboardStats.invalidate(),
      testId ? utils.tests.analytics.invalidate({ id: testId }) : utils.tests.analytics.invalidate(),
    ]);
  };
}
