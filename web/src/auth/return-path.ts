/**
 * Where a visitor goes back to once signed in: /login?returnTo=… names it (the paywall sends
 * visitors there), and it is kept in this tab's session storage across the Google round trip,
 * which comes back through /auth/callback (a team invitation returns to /invite). Only the app's
 * own pages are accepted, never a URL.
 */
export const RETURN_PATHS = ['/dashboard', '/paywall', '/invite'] as const;
export type ReturnPath = (typeof RETURN_PATHS)[number];
export const DEFAULT_RETURN_PATH: ReturnPath = '/dashboard';

const STORAGE_KEY = 'returnTo';

export function asReturnPath(value: unknown): ReturnPath | undefined {
  return RETURN_PATHS.find((path) => path === value);
}

/** Before leaving for Google: the page to come back to (none clears an older one). */
export function rememberReturnPath(path: ReturnPath | undefined): void {
  try {
    if (path) window.sessionStorage.setItem(STORAGE_KEY, path);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be unavailable (private mode); the visitor then lands on the dashboard.
  }
}

/** The remembered page, kept: a sign-in that failed comes back to /login, and the next try uses it. */
export function peekReturnPath(): ReturnPath | undefined {
  try {
    return asReturnPath(window.sessionStorage.getItem(STORAGE_KEY));
  } catch {
    return undefined;
  }
}

/** Back from Google: the remembered page (or the dashboard), forgotten once read. */
export function takeReturnPath(): ReturnPath {
  try {
    const stored = asReturnPath(window.sessionStorage.getItem(STORAGE_KEY));
    window.sessionStorage.removeItem(STORAGE_KEY);
    return stored ?? DEFAULT_RETURN_PATH;
  } catch {
    return DEFAULT_RETURN_PATH;
  }
}
