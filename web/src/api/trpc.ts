import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import { TRPC_MAX_BATCH_SIZE } from '../../../src/shared/usage-limits';
import type { AppRouter } from '../../../src/trpc/app-router';
import { getSessionToken } from '../auth/session-token';

/** Typed React hooks for every tRPC procedure (types only come from the server). */
export const trpc = createTRPCReact<AppRouter>();

type HeaderMode = 'bearer-when-held' | 'cookie-only' | 'bearer-only';

function link(mode: HeaderMode): TRPCLink<AppRouter> {
  return httpBatchLink({
    url: '/trpc',
    transformer: superjson,
    // The server refuses larger batches (a dashboard with many test cards sends several).
    maxItems: TRPC_MAX_BATCH_SIZE,
    headers() {
      const token = getSessionToken();
      if (mode === 'cookie-only' || !token) return {};
      return { authorization: `Bearer ${token}` };
    },
    fetch: (url, options) =>
      fetch(url, { ...options, credentials: mode === 'bearer-only' ? 'omit' : 'include' }),
  });
}

/** The app's client: cookies always, plus the bearer token while one is held (SPEC §4). */
export function createAppTrpcClient() {
  return trpc.createClient({ links: [link('bearer-when-held')] });
}

/** Plain clients for the auth helper's "cookies first, then bearer" current-user check. */
export const cookieClient = createTRPCClient<AppRouter>({ links: [link('cookie-only')] });
export const bearerClient = createTRPCClient<AppRouter>({ links: [link('bearer-only')] });
