import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import { MUTATION_TIMEOUT_MS } from '#shared/network-error';
import { fetchOrNetworkError } from './network-fetch';
import { TRPC_MAX_BATCH_SIZE } from '#shared/usage-limits';
import type { AppRouter } from '#server/api/trpc/app-router';

/** Typed React hooks for every tRPC procedure (types only come from the server). */
export const trpc = createTRPCReact<AppRouter>();

function pathOf(url: RequestInfo | URL): string {
  return typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
}

/**
 * Every call carries the HttpOnly session cookie and no other credential: the browser app holds no
 * token (docs/decisions/0015).
 */
/** Procedures whose answer may take longer than MUTATION_TIMEOUT_MS (they show their progress). */
const LONG_CHANGES = ['fastForward', 'demoLogin'];

function link(): TRPCLink<AppRouter> {
  return httpBatchLink({
    url: '/trpc',
    transformer: superjson,
    // The server refuses larger batches (a dashboard with many test cards sends several).
    maxItems: TRPC_MAX_BATCH_SIZE,
    // A request that cannot reach the server fails fast with the one network message (issue 26,
    // item 2): at once while offline, and a change (a POST) after MUTATION_TIMEOUT_MS without an
    // answer. Two changes may take longer and say so while they work: moving the simulated clock
    // (it runs every due job on the server) and the demo sign-in (the first visitor's waits for
    // the demo's past to be rehearsed, half a minute or more).
    fetch: (url, options) =>
      fetchOrNetworkError(url, {
        ...(options as RequestInit),
        credentials: 'include',
        timeoutMs:
          options?.method === 'POST' && !LONG_CHANGES.some((name) => pathOf(url).includes(name))
            ? MUTATION_TIMEOUT_MS
            : undefined,
      }),
  });
}

/** The app's client (React hooks). */
export function createAppTrpcClient() {
  return trpc.createClient({ links: [link()] });
}

/** A plain client for the auth helper (current user, demo sign-in, logout). */
export const cookieClient = createTRPCClient<AppRouter>({ links: [link()] });
