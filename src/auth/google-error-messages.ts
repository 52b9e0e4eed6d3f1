/*
 * What /login says when Google sends the browser back with an error. Google's own
 * `error_description`, like the `error` code itself, arrives in a URL anyone can craft
 * (/api/auth/google/callback?error=…&error_description=…), so neither is ever shown: each known
 * code gets our own words, and any other code is reported as a failed sign-in.
 */

/** The error codes RFC 6749 §4.1.2.1 lets an authorization server send back, with our words. */
const GOOGLE_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  access_denied: 'Google sign-in was cancelled. Connect again and allow access to continue.',
  invalid_request: 'Google could not read the sign-in request. Please try again.',
  unauthorized_client: 'Google did not let Titlewise start a sign-in. Please try again later.',
  unsupported_response_type: 'Google could not read the sign-in request. Please try again.',
  invalid_scope: 'Google did not accept the permissions Titlewise asks for. Please try again later.',
  server_error: 'Google could not complete the sign-in. Please try again.',
  temporarily_unavailable: 'Google sign-in is busy or down for a moment. Please try again shortly.',
};

/** The code /login gets for an unknown error (its own code is not passed on). */
const UNKNOWN_ERROR = 'google_error';
const UNKNOWN_ERROR_MESSAGE = 'Google could not complete the sign-in. Please try again.';

/** Google's refusal of an unverified app or of an account that is not a test user. */
export const VERIFICATION_ERROR = 'oauth_verification';
const VERIFICATION_MESSAGE =
  'Google blocked the sign-in: this app is not verified yet and your Google account is not one of its test users.';

/** Google's denial descriptions that mean "unverified app / not a test user" (docs/youtube.md#oauth). */
const verificationHints = /verif|tester|test user|not been approved|access blocked/i;

/**
 * The error and the words /login shows for what Google sent back. The description only picks
 * between our messages (an unverified-app block is an access_denied Google describes as such).
 */
export function googleErrorForLogin(error: string, description = ''): { error: string; description: string } {
  if (error === 'access_denied' && verificationHints.test(description)) {
    return { error: VERIFICATION_ERROR, description: VERIFICATION_MESSAGE };
  }
  const known = Object.hasOwn(GOOGLE_ERROR_MESSAGES, error) ? GOOGLE_ERROR_MESSAGES[error] : undefined;
  return known ? { error, description: known } : { error: UNKNOWN_ERROR, description: UNKNOWN_ERROR_MESSAGE };
}
