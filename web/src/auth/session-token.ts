/**
 * The session token the web app holds (SPEC §3/§4): read at start-up from the `session-token`
 * cookie when script can see it (the server sets it httpOnly, so usually it cannot), else from
 * local storage `sessionToken`. Sign-in writes it to local storage; logout removes it.
 */
export const SESSION_COOKIE = 'session-token';
export const SESSION_STORAGE_KEY = 'sessionToken';

type Listener = () => void;
const listeners = new Set<Listener>();

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('=')) || null;
  }
  return null;
}

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY);
  } catch {
    return null;
  }
}

let token: string | null = readCookie(SESSION_COOKIE) ?? readStorage();

function emit(): void {
  for (const listener of listeners) listener();
}

export function getSessionToken(): string | null {
  return token;
}

/** The token kept in local storage (what /paywall and /auth/callback check). */
export function getStoredSessionToken(): string | null {
  return readStorage();
}

export function setSessionToken(next: string): void {
  token = next;
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, next);
  } catch {
    // Storage can be unavailable (private mode); the in-memory token and the cookie still work.
  }
  emit();
}

export function clearSessionToken(): void {
  token = null;
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // See setSessionToken.
  }
  emit();
}

export function subscribeSessionToken(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
