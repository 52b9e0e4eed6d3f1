import { QueryClient } from '@tanstack/react-query';
import { restQueryFn } from './rest-query';

/**
 * Dashboard data (stats, tests, per-test analytics) polls at this period
 * (docs/product.md#client-behaviour).
 */
export const DASHBOARD_POLL_MS = 30_000;

/** Query defaults: never stale, no focus refetch, no polling by default, no retries. */
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
      mutations: { retry: false },
    },
  });
}
