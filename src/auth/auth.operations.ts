import { mutation, query, restOnly } from '../api/declare/operation';
import { rateLimits } from '../api/declare/rate-limits';
import {
  diagnosticUserResponseSchema,
  googleCodeExchangeSchema,
  logoutResponseSchema,
  meResponseSchema,
  sessionResponseSchema,
  setTimeZoneSchema,
  timeZoneResponseSchema,
  userSchema,
} from './auth.schemas';
import { setTimeZone } from './users.service';
import { getCurrentUser, signOut } from './auth.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { signInWithGoogleCode } from './sign-in.service';

/**
 * Sign-in and the session (docs/product.md#rest-paths). The browser's OAuth redirects are in
 * google-oauth.ts; the demo sign-in is the demo's (src/demo/demo.operations.ts).
 */
export const authOperations = {
  /** The current user, or null when signed out (the web app's route guard tolerates that). */
  me: query({
    access: 'public',
    output: userSchema.nullable(),
    handler: ({ ctx, caller }) => (caller ? getCurrentUser(ctx, caller.user, caller.membership) : null),
  }),

  current: restOnly({
    access: 'user',
    output: meResponseSchema,
    rest: { method: 'GET', path: '/api/auth/me', summary: 'The signed-in user' },
    handler: ({ ctx, caller }) => getCurrentUser(ctx, caller.user, caller.membership),
  }),

  currentWrapped: restOnly({
    access: 'user',
    output: diagnosticUserResponseSchema,
    rest: { method: 'GET', path: '/api/auth/user', summary: 'The signed-in user, wrapped (diagnostic page)' },
    handler: async ({ ctx, caller }) => ({ user: await getCurrentUser(ctx, caller.user, caller.membership) }),
  }),

  googleCode: restOnly({
    access: 'public',
    input: googleCodeExchangeSchema,
    output: sessionResponseSchema,
    rest: {
      method: 'POST',
      path: '/api/auth/google',
      summary: 'Exchange a Google authorization code for a session',
    },
    limit: rateLimits.googleCodeSignIn,
    handler: async ({ ctx, input, http }) => {
      const signedIn = await signInWithGoogleCode(ctx, input, http.request.headers['user-agent']);
      setSessionCookie(http.reply, ctx.config, signedIn.sessionToken, signedIn.expiresAt);
      return { sessionToken: signedIn.sessionToken, user: signedIn.user };
    },
  }),

  /** The browser's time zone: notifications, e-mails and a test's reasons name moments in it. */
  timeZone: mutation({
    access: 'user',
    input: setTimeZoneSchema,
    output: timeZoneResponseSchema,
    rest: {
      method: 'POST',
      path: '/api/auth/time-zone',
      summary: 'Set the time zone messages are written in',
    },
    handler: ({ ctx, caller, input }) => setTimeZone(ctx, caller.user, input.timeZone),
  }),

  /** Signing out without a session succeeds too: there is nothing left to end. */
  logout: mutation({
    access: 'public',
    output: logoutResponseSchema,
    rest: (['POST', 'GET'] as const).map((method) => ({
      method,
      path: '/api/auth/logout',
      summary: 'Sign out: revokes the session server-side',
    })),
    handler: ({ ctx, caller, http }) => {
      clearSessionCookie(http.reply, ctx.config);
      return signOut(ctx, caller?.token ?? null);
    },
  }),
};
