import { QueryClient } from '@tanstack/react-query';
import { restQueryFn } from './rest-query';

/**
 * Dashboard data (stats, tests, per-test analytics) polls at this period
 * (docs/product.md#client-behaviour).
 */
export const DASHBOARD_POLL_MS = 30_000;

/** Query defaults: never stale, no focus refetch, no polling by default, no retries; changes never wait offline. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: restQueryFn,
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      // A change is sent even while the browser says it is offline, so it fails at once with the
      // network message (web/src/api/network-fetch.ts) instead of waiting, paused behind a spinner,
      // and going through silently when the network comes back (issue 26, item 2). Reads keep
      // waiting for the network; the offline banner says why.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
