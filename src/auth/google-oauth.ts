import oauth2, { type OAuth2Namespace } from '@fastify/oauth2';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { AppError } from '../errors/app-error';
import type { OpenApiRegistry } from '../http/openapi';
import { GOOGLE_SCOPES, googleCallbackPath } from '../youtube/google-clients';
import { setSessionCookie } from './session-cookie';
import { completeGoogleSignIn, SignInError } from './sign-in.service';

declare module 'fastify' {
  interface FastifyInstance {
    googleOAuth2: OAuth2Namespace;
  }
}

/** Google's denial descriptions that mean "unverified app / not a test user" (docs/youtube.md#oauth). */
const verificationHints = /verif|tester|test user|not been approved|access blocked/i;

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
  app: AppContext,
  registry: OpenApiRegistry,
): Promise<void> {
  const { endpoints } = app.config.google;
  const authorize = new URL(endpoints.authorizeUrl);
  const token = new URL(endpoints.tokenUrl);
  const revoke = new URL(endpoints.revokeUrl);
  await fastify.register(oauth2, {
    name: 'googleOAuth2',
    scope: GOOGLE_SCOPES,
    credentials: {
      client: { id: app.config.google.clientId, secret: app.config.google.clientSecret },
      auth: {
        authorizeHost: authorize.origin,
        authorizePath: authorize.pathname,
        tokenHost: token.origin,
        tokenPath: token.pathname,
        revokePath: revoke.pathname,
      },
    },
    callbackUri: `${app.config.publicUrl}${googleCallbackPath}`,
    callbackUriParams: { access_type: 'offline', prompt: 'consent', include_granted_scopes: 'true' },
    pkce: 'S256',
    cookie: { secure: app.config.secureCookies, sameSite: 'lax', path: '/' },
  });

  const signInLimit = { rateLimit: { max: app.config.signInRateLimit, timeWindow: 60_000 } };

  fastify.get('/api/auth/google', { config: signInLimit }, async (request, reply) => {
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

  fastify.get(googleCallbackPath, { config: signInLimit }, async (request, reply) => {
    const query = request.query as { error?: string; error_description?: string };
    if (query.error) {
      const description = query.error_description ?? '';
      if (query.error === 'access_denied' && verificationHints.test(description)) {
        return reply.redirect(loginRedirect('oauth_verification', description));
      }
      if (query.error === 'access_denied') {
        return reply.redirect(
          loginRedirect(
            'access_denied',
            'Google sign-in was cancelled. Connect again and allow access to continue.',
          ),
        );
      }
      return reply.redirect(
        loginRedirect(query.error, description || 'Google could not complete the sign-in.'),
      );
    }
    try {
      const result = await fastify.googleOAuth2.getAccessTokenFromAuthorizationCodeFlow(request, reply);
      const signedIn = await completeGoogleSignIn(
        app,
        {
          access_token: result.token.access_token,
          refresh_token: result.token.refresh_token ?? null,
          expiry_date: new Date(result.token.expires_at).getTime(),
          scope: (result.token as { scope?: string }).scope ?? GOOGLE_SCOPES.join(' '),
          token_type: 'Bearer',
        },
        request.headers['user-agent'],
      );
      setSessionCookie(reply, app.config, signedIn.sessionToken, signedIn.expiresAt);
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
