import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { SimulatorOptions } from './plugin';
import { renderConsentPage } from './consent-page';
import { simulatedAccounts } from './accounts';
import { serveFault } from './fault-responses';
import {
  accountForAccessToken,
  createAuthCode,
  exchangeCode,
  accountNow,
  findAccount,
  refreshAccessToken,
  revokeToken,
} from './identity-store';

const authorizeQuery = z.object({
  client_id: z.string().min(1),
  redirect_uri: z.url(),
  response_type: z.literal('code'),
  scope: z.string().default('openid email profile'),
  state: z.string().default(''),
  code_challenge: z.string().default(''),
  code_challenge_method: z.enum(['S256', 'plain', '']).default(''),
});

const decisionBody = authorizeQuery.omit({ response_type: true }).extend({
  decision: z.enum(['allow', 'deny', 'unverified']),
  account: z.string().optional(),
});

const tokenBody = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string(),
    redirect_uri: z.string(),
    code_verifier: z.string().optional(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string(),
    client_id: z.string().optional(),
    client_secret: z.string().optional(),
  }),
]);

/** Client credentials from HTTP Basic (simple-oauth2's default) or the form body (google-auth-library's). */
function clientCredentials(request: FastifyRequest, body: { client_id?: string; client_secret?: string }) {
  const header = request.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id ?? ''), secret: decodeURIComponent(secret ?? '') };
  }
  return { id: body.client_id ?? '', secret: body.client_secret ?? '' };
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}

function redirectWith(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) if (value) url.searchParams.set(key, value);
  return url.toString();
}

/** Google's identity endpoints: consent, token (code, refresh), revoke, userinfo. */
export function registerIdentityRoutes(app: FastifyInstance, options: SimulatorOptions): void {
  const { db, clock, clientId, clientSecret } = options;

  app.get('/o/oauth2/v2/auth', async (request, reply) => {
    const parsed = authorizeQuery.safeParse(request.query);
    if (!parsed.success) {
      return reply.code(400).type('text/plain').send(`Error 400: invalid_request\n${parsed.error.message}`);
    }
    if (parsed.data.client_id !== clientId) {
      return reply
        .code(401)
        .type('text/plain')
        .send('Error 401: invalid_client\nThe OAuth client was not found.');
    }
    const query = parsed.data;
    const html = renderConsentPage(
      {
        clientId: query.client_id,
        redirectUri: query.redirect_uri,
        scope: query.scope,
        state: query.state,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
      },
      simulatedAccounts,
      `${options.prefix}/o/oauth2/v2/auth/decision`,
    );
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.post('/o/oauth2/v2/auth/decision', async (request, reply) => {
    const parsed = decisionBody.safeParse(request.body);
    if (!parsed.success || parsed.data.client_id !== clientId) {
      return reply.code(400).type('text/plain').send('Error 400: invalid_request');
    }
    const body = parsed.data;
    if (body.decision === 'deny') {
      return reply.redirect(redirectWith(body.redirect_uri, { error: 'access_denied', state: body.state }));
    }
    if (body.decision === 'unverified') {
      return reply.redirect(
        redirectWith(body.redirect_uri, {
          error: 'access_denied',
          error_description:
            'Titlewise has not completed the Google verification process. The app is currently being tested, and can only be accessed by developer-approved testers.',
          state: body.state,
        }),
      );
    }
    const account = body.account ? await findAccount(db, body.account) : null;
    if (!account) return reply.code(400).type('text/plain').send('Error 400: unknown account');
    const code = await createAuthCode(db, {
      accountId: account.id,
      clientId: body.client_id,
      redirectUri: body.redirect_uri,
      scope: body.scope,
      codeChallenge: body.code_challenge || null,
      codeChallengeMethod: body.code_challenge_method || null,
      now: accountNow(account, clock.now()),
    });
    return reply.redirect(redirectWith(body.redirect_uri, { code, state: body.state, scope: body.scope }));
  });

  app.post('/token', async (request, reply) => {
    const parsed = tokenBody.safeParse(request.body);
    if (!parsed.success) {
      return reply.code(400).send({ error: 'invalid_request', error_description: 'Bad token request.' });
    }
    const body = parsed.data;
    const client = clientCredentials(request, body);
    if (client.id !== clientId || client.secret !== clientSecret) {
      return reply.code(401).send({ error: 'invalid_client', error_description: 'Unauthorized' });
    }
    const now = clock.now();
    const fault = options.faults.take('token');
    if (fault?.kind === 'invalid_grant') {
      return reply
        .code(400)
        .send({ error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    }
    if (await serveFault(fault, request, reply)) return reply;
    const result =
      body.grant_type === 'authorization_code'
        ? await exchangeCode(db, {
            code: body.code,
            clientId: client.id,
            redirectUri: body.redirect_uri,
            codeVerifier: body.code_verifier ?? null,
            now,
          })
        : await refreshAccessToken(db, { refreshToken: body.refresh_token, clientId: client.id, now });
    if (!result.ok) {
      return reply.code(result.error === 'invalid_client' ? 401 : 400).send({
        error: result.error,
        error_description: result.description,
      });
    }
    return reply.send(result.tokens);
  });

  app.post('/revoke', async (request, reply) => {
    const token =
      (request.query as { token?: string }).token ?? (request.body as { token?: string } | undefined)?.token;
    if (!token || !(await revokeToken(db, token))) {
      return reply.code(400).send({ error: 'invalid_token', error_description: 'Token expired or revoked' });
    }
    return reply.send({});
  });

  app.get('/oauth2/v3/userinfo', async (request, reply) => {
    const token = bearerToken(request);
    const found = token ? await accountForAccessToken(db, token, clock.now()) : null;
    if (!found)
      return reply.code(401).send({ error: 'invalid_request', error_description: 'Invalid Credentials' });
    const { account } = found;
    return reply.send({
      sub: `sim-sub-${account.id}`,
      email: account.email,
      email_verified: true,
      name: account.name,
      given_name: account.name.split(' ')[0],
    });
  });
}
