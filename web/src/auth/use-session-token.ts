import { useSyncExternalStore } from 'react';
import { getSessionToken, subscribeSessionToken } from './session-token';

/** The held token; `isAuthenticated` in SPEC §4 is simply "a token is held". */
export function useSessionToken(): { token: string | null; isAuthenticated: boolean } {
  const token = useSyncExternalStore(subscribeSessionToken, getSessionToken, () => null);
  return { token, isAuthenticated: token !== null };
}
