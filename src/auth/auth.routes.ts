import type { AppContext } from '../app-context';
import { emptyBodySchema, type RestRouter } from '../http/rest-route';
import {
  diagnosticUserResponseSchema,
  googleCodeExchangeSchema,
  logoutResponseSchema,
  meResponseSchema,
  sessionResponseSchema,
} from './auth.schemas';
import { getCurrentUser, signOut } from './auth.service';
import { clearSessionCookie, setSessionCookie } from './session-cookie';
import { signInAsDemo } from '../demo/demo-sign-in';
import { signInWithGoogleCode } from './sign-in.service';

/**
 * REST paths for sign-in and the session (docs/product.md#rest-paths; the browser OAuth redirects
 * are in google-oauth.ts). The sign-in paths' rate limits are in src/http/rate-limits.ts.
 */
export function registerAuthRoutes(rest: RestRouter, app: AppContext): void {
  rest.route({
    method: 'GET',
    url: '/api/auth/me',
    summary: 'The signed-in user',
    tags: ['auth'],
    auth: 'user',
    response: meResponseSchema,
    handler: ({ auth }) => getCurrentUser(app, auth),
  });

  rest.route({
    method: 'GET',
    url: '/api/auth/user',
    summary: 'The signed-in user, wrapped (diagnostic page)',
    tags: ['auth'],
    auth: 'user',
    response: diagnosticUserResponseSchema,
    handler: async ({ auth }) => ({ user: await getCurrentUser(app, auth) }),
  });

  rest.route({
    method: 'POST',
    url: '/api/auth/demo-login',
    summary: 'One-click demo sign-in',
    tags: ['auth'],
    auth: 'public',
    body: emptyBodySchema,
    response: sessionResponseSchema,
    handler: async ({ request, reply }) => {
      const signedIn = await signInAsDemo(app, request.headers['user-agent']);
      setSessionCookie(reply, app.config, signedIn.sessionToken, signedIn.expiresAt);
      return { sessionToken: signedIn.sessionToken, user: signedIn.user };
    },
  });

  rest.route({
    method: 'POST',
    url: '/api/auth/google',
    summary: 'Exchange a Google authorization code for a session',
    tags: ['auth'],
    auth: 'public',
    body: googleCodeExchangeSchema,
    response: sessionResponseSchema,
    handler: async ({ body, request, reply }) => {
      const signedIn = await signInWithGoogleCode(app, body, request.headers['user-agent']);
      setSessionCookie(reply, app.config, signedIn.sessionToken, signedIn.expiresAt);
      return { sessionToken: signedIn.sessionToken, user: signedIn.user };
    },
  });

  for (const method of ['POST', 'GET'] as const) {
    rest.route({
      method,
      url: '/api/auth/logout',
      summary: 'Sign out: revokes the session server-side',
      tags: ['auth'],
      auth: 'public',
      ...(method === 'POST' ? { body: emptyBodySchema } : {}),
      response: logoutResponseSchema,
      handler: async ({ auth, reply }) => {
        clearSessionCookie(reply, app.config);
        return signOut(app, auth);
      },
    });
  }
}
