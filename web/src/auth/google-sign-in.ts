import { rememberReturnPath, type ReturnPath } from './return-path';

/** Where the server starts Google's consent (authorization code flow with state and PKCE). */
export const GOOGLE_SIGN_IN_PATH = '/api/auth/google';

/** Leaves for Google's consent; back through /auth/callback to `returnTo` (default the dashboard). */
export function startGoogleSignIn(returnTo?: ReturnPath): void {
  rememberReturnPath(returnTo);
  window.location.assign(GOOGLE_SIGN_IN_PATH);
}
