import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import { TRPC_MAX_BATCH_SIZE } from '../../../src/shared/usage-limits';
import type { AppRouter } from '../../../src/trpc/app-router';

/** Typed React hooks for every tRPC procedure (types only come from the server). */
export const trpc = createTRPCReact<AppRouter>();

/**
 * Every call carries the HttpOnly session cookie and no other credential: the browser app holds no
 * token (docs/decisions/0015).
 */
function link(): TRPCLink<AppRouter> {
  return httpBatchLink({
    url: '/trpc',
    transformer: superjson,
    // The server refuses larger batches (a dashboard with many test cards sends several).
    maxItems: TRPC_MAX_BATCH_SIZE,
    fetch: (url, options) => fetch(url, { ...options, credentials: 'include' }),
  });
}

/** The app's client (React hooks). */
export function createAppTrpcClient() {
  return trpc.createClient({ links: [link()] });
}

/** A plain client for the auth helper (current user, demo sign-in, logout). */
export const cookieClient = createTRPCClient<AppRouter>({ links: [link()] });
