import oauth2, { type OAuth2Namespace, type Token } from '@fastify/oauth2';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Credentials } from 'google-auth-library';
import type { ServiceContext } from '../context/service-context';
import { AppError } from '../errors/app-error';
import { rateLimits } from '../api/declare/rate-limits';
import type { PlainRouteRegistry } from '../api/declare/plain-routes';
import { GOOGLE_SCOPES, googleCallbackPath } from '../youtube/google-clients';
import { googleErrorForLogin } from './google-error-messages';
import { setSessionCookie } from './session-cookie';
import type { UserRow } from '../../db/schema/users';
import { completeGoogleSignIn, connectAnotherChannel, SignInError } from './sign-in.service';

declare module 'fastify' {
  interface FastifyInstance {
    googleOAuth2: OAuth2Namespace;
  }
}

/** Where "Connect another channel" starts (signed in). */
export const CONNECT_PATH = '/api/channels/connect';
const CONNECT_COOKIE = 'tw-connect';
const CONNECT_COOKIE_SECONDS = 600;

/** Where the browser lands after connecting a channel: the Account page's channel list. */
function channelsRedirect(query: Record<string, string>): string {
  return `/account?${new URLSearchParams(query).toString()}`;
}

/**
 * A callback that finishes "Connect another channel": the user who started it, if they are still
 * the one signed in, or 'session-changed' when the browser's session is no longer theirs (the
 * channel is then linked to nobody). Null when the callback finishes a sign-in.
 */
function connectingUser(request: FastifyRequest): UserRow | 'session-changed' | null {
  const cookie = request.cookies[CONNECT_COOKIE];
  if (!cookie) return null;
  const unsigned = request.unsignCookie(cookie);
  if (!unsigned.valid) return null;
  if (!request.auth || request.auth.user.id !== unsigned.value) return 'session-changed';
  return request.auth.user;
}

function tokensOf(token: Token): Credentials {
  return {
    access_token: token.access_token,
    refresh_token: token.refresh_token ?? null,
    expiry_date: new Date(token.expires_at).getTime(),
    scope: (token as { scope?: string }).scope ?? GOOGLE_SCOPES.join(' '),
    token_type: 'Bearer',
  };
}

function loginRedirect(error: string, description: string): string {
  const query = new URLSearchParams({ error, description });
  return `/login?${query.toString()}`;
}

/**
 * The browser sign-in: authorization code with state and PKCE, offline access, consent prompt.
 * The callback upserts the user and channel, opens a session in the HttpOnly cookie and sends the
 * browser to the SPA's /auth/callback, which carries no token: a link that handed the page a token
 * could sign a visitor into someone else's account. Any failure lands on /login with an error the
 * page can show.
 */
export async function registerGoogleOAuth(
  fastify: FastifyInstance,
  ctx: ServiceContext,
  registry: PlainRouteRegistry,
): Promise<void> {
  const { endpoints } = ctx.config.google;
  const authorize = new URL(endpoints.authorizeUrl);
  const token = new URL(endpoints.tokenUrl);
  const revoke = new URL(endpoints.revokeUrl);
  await fastify.register(oauth2, {
    name: 'googleOAuth2',
    scope: GOOGLE_SCOPES,
    credentials: {
      client: { id: ctx.config.google.clientId, secret: ctx.config.google.clientSecret },
      auth: {
        authorizeHost: authorize.origin,
        authorizePath: authorize.pathname,
        tokenHost: token.origin,
        tokenPath: token.pathname,
        revokePath: revoke.pathname,
      },
    },
    callbackUri: `${ctx.config.publicUrl}${googleCallbackPath}`,
    callbackUriParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    pkce: 'S256',
    cookie: { secure: ctx.config.secureCookies, sameSite: 'lax', path: '/' },
  });

  // Each step of the consent flow is its own counter per address, at the sign-in limit, on the
  // operations' limiter (src/api/within-limit.ts).
  const startLimit = { config: { limit: rateLimits.googleSignInStart } };
  const connectLimit = { config: { limit: rateLimits.channelConnectStart } };
  const callbackLimit = { config: { limit: rateLimits.googleCallback } };

  fastify.get('/api/auth/google', startLimit, async (request, reply) => {
    const uri = await fastify.googleOAuth2.generateAuthorizationUri(request, reply);
    return reply.redirect(uri);
  });
  registry.add({
    method: 'get',
    path: '/api/auth/google',
    summary: 'Start Google sign-in (browser navigation; redirects to Google consent)',
    tags: ['auth'],
    auth: 'public',
    responseDescription: 'Redirect to the Google consent screen',
  });

  // Connecting another channel: the same Google flow, started by a signed-in creator. A signed
  // cookie remembers who asked, so the callback adds the channel to that account instead of
  // signing anyone in; the session must still be theirs when Google sends the browser back.
  fastify.get(CONNECT_PATH, connectLimit, async (request, reply) => {
    if (!request.auth)
      return reply.redirect(loginRedirect('not_signed_in', 'Sign in first, then connect another channel.'));
    reply.setCookie(CONNECT_COOKIE, request.auth.user.id, {
      signed: true,
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.config.secureCookies,
      path: '/',
      maxAge: CONNECT_COOKIE_SECONDS,
    });
    return reply.redirect(await fastify.googleOAuth2.generateAuthorizationUri(request, reply));
  });
  registry.add({
    method: 'get',
    path: CONNECT_PATH,
    summary:
      "Connect another YouTube channel to the signed-in account (browser navigation to Google's consent; Authority connects up to 10)",
    tags: ['channels'],
    auth: 'user',
    responseDescription: 'Redirect to the Google consent screen',
  });

  fastify.get(googleCallbackPath, callbackLimit, async (request, reply) => {
    const query = request.query as { error?: string; error_description?: string };
    const connecting = connectingUser(request);
    if (connecting !== null) reply.clearCookie(CONNECT_COOKIE, { path: '/' });
    if (connecting === 'session-changed') {
      return reply.redirect(
        loginRedirect(
          'session_changed',
          'You were signed out while connecting a channel. Sign in, then connect it again.',
        ),
      );
    }
    if (connecting && query.error) {
      return reply.redirect(channelsRedirect({ channelError: 'Connecting the channel was cancelled.' }));
    }
    if (connecting) {
      try {
        const result = await fastify.googleOAuth2.getAccessTokenFromAuthorizationCodeFlow(request, reply);
        const connection = await connectAnotherChannel(ctx, connecting, tokensOf(result.token));
        return reply.redirect(channelsRedirect({ channel: connection.id }));
      } catch (error) {
        request.log.warn({ err: error }, 'Connecting another channel failed');
        const message =
          error instanceof AppError && error.status < 500
            ? error.message
            : 'Connecting the channel failed. Please try again.';
        return reply.redirect(channelsRedirect({ channelError: message }));
      }
    }
    if (query.error) {
      // Our words for Google's code: its description, like the code, can come from anyone's link.
      const shown = googleErrorForLogin(query.error, query.error_description);
      return reply.redirect(loginRedirect(shown.error, shown.description));
    }
    try {
      const result = await fastify.googleOAuth2.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      const signedIn = await completeGoogleSignIn(ctx, tokensOf(result.token), request.headers['user-agent']);
      setSessionCookie(reply, ctx.config, signedIn.sessionToken, signedIn.expiresAt);
      return reply.redirect('/auth/callback');
    } catch (error) {
      if (error instanceof SignInError) return reply.redirect(loginRedirect(error.reason, error.message));
      // A refusal with a reason the creator can act on (an account being deleted): say it.
      if (error instanceof AppError && error.status < 500)
        return reply.redirect(loginRedirect(error.code.toLowerCase(), error.message));
      const message = error instanceof Error ? error.message : String(error);
      const stateProblem = /state|verifier/i.test(message);
      request.log.warn({ err: error }, 'Google sign-in failed');
      return reply.redirect(
        loginRedirect(
          stateProblem ? 'invalid_state' : 'authentication_failed',
          stateProblem
            ? 'The sign-in link expired or was opened in another browser. Please try again.'
            : 'Authentication failed. Please try again.',
        ),
      );
    }
  });
  registry.add({
    method: 'get',
    path: googleCallbackPath,
    summary:
      'Google OAuth callback (sets the session cookie and redirects to /auth/callback, or to /login?error=…)',
    tags: ['auth'],
    auth: 'public',
    responseDescription: 'Redirect into the web app',
  });
}
