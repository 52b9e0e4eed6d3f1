import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../src/trpc/app-router';
import { bearerClient, cookieClient } from '../api/trpc';
import { clearSessionToken, getSessionToken, setSessionToken } from './session-token';

export type CurrentUser = NonNullable<inferRouterOutputs<AppRouter>['auth']['me']>;

/**
 * SPEC §4: the current user, asked with cookies and no header first, then with the bearer
 * token we hold. Null when both fail; an exception is logged and also gives null.
 */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    const byCookie = await cookieClient.auth.me.query().catch(() => null);
    if (byCookie) return byCookie;
    if (!getSessionToken()) return null;
    return await bearerClient.auth.me.query();
  } catch (error) {
    console.error('Error getting current user:', error);
    return null;
  }
}

/** One-click demo sign-in: holds and stores the returned token (SPEC §4, §5, §8). */
export async function demoLogin(): Promise<CurrentUser> {
  let result: Awaited<ReturnType<typeof cookieClient.auth.demoLogin.mutate>>;
  try {
    result = await cookieClient.auth.demoLogin.mutate();
  } catch (error) {
    throw new Error('Demo login failed', { cause: error });
  }
  if (!result.sessionToken) {
    console.warn('Demo login response without a token:', result);
    throw new Error('No session token received');
  }
  setSessionToken(result.sessionToken);
  return result.user;
}

/** Ends the session on the server (bearer sent while a token is held), then forgets the token. */
export async function logoutOnServer(): Promise<void> {
  const client = getSessionToken() ? bearerClient : cookieClient;
  try {
    await client.auth.logout.mutate();
  } catch (error) {
    // A session that is already gone is a successful logout; anything else is a failure.
    const code = (error as { data?: { code?: string } }).data?.code;
    if (code !== 'UNAUTHORIZED') throw new Error('Logout failed', { cause: error });
  }
  clearSessionToken();
}
