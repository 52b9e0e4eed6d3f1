import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { simAccounts, simAuthCodes, simTokens } from '../../db/schema';
import type { DbOrTx } from '../db/database';
import { simulatedAccounts } from './accounts';

export type SimAccount = typeof simAccounts.$inferSelect;
export const ACCESS_TOKEN_SECONDS = 3600;

export async function seedSimulatedAccounts(db: DbOrTx): Promise<void> {
  await db.insert(simAccounts).values(simulatedAccounts).onConflictDoNothing();
}

export async function findAccount(db: DbOrTx, id: string): Promise<SimAccount | null> {
  const [row] = await db.select().from(simAccounts).where(eq(simAccounts.id, id)).limit(1);
  return row ?? null;
}

/** The account's "now": its own instant while its past is being generated, else the deployment's. */
export function accountNow(account: Pick<SimAccount, 'clockAt'>, deploymentNow: Date): Date {
  return account.clockAt ?? deploymentNow;
}

/** accountNow in SQL, for checks done in the query (codes, tokens). */
function accountNowSql(deploymentNow: Date) {
  return sql`coalesce(${simAccounts.clockAt}, ${deploymentNow.toISOString()}::timestamptz)`;
}

export async function createAuthCode(
  db: DbOrTx,
  input: {
    accountId: string;
    clientId: string;
    redirectUri: string;
    scope: string;
    codeChallenge: string | null;
    codeChallengeMethod: string | null;
    now: Date;
  },
): Promise<string> {
  const code = `4/sim-${randomBytes(24).toString('base64url')}`;
  await db
    .insert(simAuthCodes)
    .values({ ...input, code, expiresAt: new Date(input.now.getTime() + 600_000) });
  return code;
}

export interface IssuedTokens {
  access_token: string;
  refresh_token?: string;
  expires_in: number;
  scope: string;
  token_type: 'Bearer';
}

export async function issueTokens(
  db: DbOrTx,
  input: { accountId: string; clientId: string; scope: string; now: Date; withRefresh: boolean },
): Promise<IssuedTokens> {
  const access = `ya29.sim-${randomBytes(24).toString('base64url')}`;
  await db.insert(simTokens).values({
    token: access,
    kind: 'access',
    accountId: input.accountId,
    clientId: input.clientId,
    scope: input.scope,
    expiresAt: new Date(input.now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
  });
  const tokens: IssuedTokens = {
    access_token: access,
    expires_in: ACCESS_TOKEN_SECONDS,
    scope: input.scope,
    token_type: 'Bearer',
  };
  if (input.withRefresh) {
    const refresh = `1//sim-${randomBytes(24).toString('base64url')}`;
    await db.insert(simTokens).values({
      token: refresh,
      kind: 'refresh',
      accountId: input.accountId,
      clientId: input.clientId,
      scope: input.scope,
      expiresAt: null,
    });
    tokens.refresh_token = refresh;
  }
  return tokens;
}

function pkceMatches(verifier: string, challenge: string, method: string | null): boolean {
  if (method === 'S256') return createHash('sha256').update(verifier).digest('base64url') === challenge;
  return verifier === challenge;
}

export type CodeExchangeResult =
  | { ok: true; tokens: IssuedTokens }
  | { ok: false; error: 'invalid_grant' | 'invalid_client'; description: string };

/** authorization_code grant: single use, same client and redirect URI, PKCE verified when started with it. */
export async function exchangeCode(
  db: DbOrTx,
  input: { code: string; clientId: string; redirectUri: string; codeVerifier: string | null; now: Date },
): Promise<CodeExchangeResult> {
  const [owner] = await db
    .select({ clockAt: simAccounts.clockAt })
    .from(simAuthCodes)
    .innerJoin(simAccounts, eq(simAccounts.id, simAuthCodes.accountId))
    .where(eq(simAuthCodes.code, input.code))
    .limit(1);
  const now = owner ? accountNow(owner, input.now) : input.now;
  const [code] = await db
    .update(simAuthCodes)
    .set({ usedAt: now })
    .where(
      and(eq(simAuthCodes.code, input.code), isNull(simAuthCodes.usedAt), gt(simAuthCodes.expiresAt, now)),
    )
    .returning();
  if (!code) return { ok: false, error: 'invalid_grant', description: 'Malformed auth code.' };
  if (code.clientId !== input.clientId) {
    return { ok: false, error: 'invalid_client', description: 'The OAuth client was not found.' };
  }
  if (code.redirectUri !== input.redirectUri) {
    return { ok: false, error: 'invalid_grant', description: 'Bad Request: redirect_uri_mismatch' };
  }
  if (code.codeChallenge) {
    if (
      !input.codeVerifier ||
      !pkceMatches(input.codeVerifier, code.codeChallenge, code.codeChallengeMethod)
    ) {
      return { ok: false, error: 'invalid_grant', description: 'Missing code verifier.' };
    }
  }
  const tokens = await issueTokens(db, {
    accountId: code.accountId,
    clientId: code.clientId,
    scope: code.scope,
    now,
    withRefresh: true,
  });
  return { ok: true, tokens };
}

export async function refreshAccessToken(
  db: DbOrTx,
  input: { refreshToken: string; clientId: string; now: Date },
): Promise<CodeExchangeResult> {
  const [found] = await db
    .select({ refresh: simTokens, clockAt: simAccounts.clockAt })
    .from(simTokens)
    .innerJoin(simAccounts, eq(simAccounts.id, simTokens.accountId))
    .where(and(eq(simTokens.token, input.refreshToken), eq(simTokens.kind, 'refresh')))
    .limit(1);
  const refresh = found?.refresh;
  if (!refresh || refresh.revoked || refresh.clientId !== input.clientId) {
    return { ok: false, error: 'invalid_grant', description: 'Token has been expired or revoked.' };
  }
  const tokens = await issueTokens(db, {
    accountId: refresh.accountId,
    clientId: refresh.clientId,
    scope: refresh.scope,
    now: accountNow(found, input.now),
    withRefresh: false,
  });
  return { ok: true, tokens };
}

/** Revoking either token of a grant revokes the refresh token and its access tokens, as Google does. */
export async function revokeToken(db: DbOrTx, token: string): Promise<boolean> {
  const [row] = await db.select().from(simTokens).where(eq(simTokens.token, token)).limit(1);
  if (!row) return false;
  await db
    .update(simTokens)
    .set({ revoked: true })
    .where(and(eq(simTokens.accountId, row.accountId), eq(simTokens.clientId, row.clientId)));
  return true;
}

/**
 * The account behind a live access token, or null (unknown, expired or revoked), with the
 * account's "now" (accountNow) that every answer about it uses.
 */
export async function accountForAccessToken(
  db: DbOrTx,
  token: string,
  deploymentNow: Date,
): Promise<{ account: SimAccount; scope: string; now: Date } | null> {
  const [row] = await db
    .select({ account: simAccounts, scope: simTokens.scope })
    .from(simTokens)
    .innerJoin(simAccounts, eq(simAccounts.id, simTokens.accountId))
    .where(
      and(
        eq(simTokens.token, token),
        eq(simTokens.kind, 'access'),
        eq(simTokens.revoked, false),
        gt(simTokens.expiresAt, accountNowSql(deploymentNow)),
      ),
    )
    .limit(1);
  return row ? { ...row, now: accountNow(row.account, deploymentNow) } : null;
}
