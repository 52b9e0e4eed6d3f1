import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/api/trpc/app-router';
import { cookieClient } from '../api/trpc';

export type CurrentUser = NonNullable<inferRouterOutputs<AppRouter>['auth']['me']>;

/**
 * The browser's session is the HttpOnly `session-token` cookie alone (docs/decisions/0015): the app
 * keeps no token in storage or memory, so no link or script can hand it one. A token an older
 * version kept in local storage is dropped.
 */
try {
  window.localStorage.removeItem('sessionToken');
} catch {
  // Storage can be unavailable (private mode); then nothing was kept there either.
}

/** The current user by the session cookie; null when there is none, or on any error (logged). */
export async function getCurrentUser(): Promise<CurrentUser | null> {
  try {
    return await cookieClient.auth.me.query();
  } catch (error) {
    if ((error as { data?: { code?: string } }).data?.code !== 'UNAUTHORIZED') {
      console.error('Error getting current user:', error);
    }
    return null;
  }
}

/** One-click demo sign-in: the answer sets the session cookie (its token is for API clients). */
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
  return result.user;
}

/** Ends the session on the server, which also clears the cookie. */
export async function logoutOnServer(): Promise<void> {
  try {
    await cookieClient.auth.logout.mutate();
  } catch (error) {
    // A session that is already gone is a successful logout; anything else is a failure.
    const code = (error as { data?: { code?: string } }).data?.code;
    if (code !== 'UNAUTHORIZED') throw new Error('Logout failed', { cause: error });
  }
}
