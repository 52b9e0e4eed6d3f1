import type { Credentials } from 'google-auth-library';
import { withTx, type ServiceContext, type TxContext } from '../context/service-context';
import { upsertChannelConnection, type ChannelConnection, assertMayConnect } from '../channels';
import { DEMO_USER_EMAIL } from '../config';
import { AppError } from '../errors/app-error';
import type { Tx } from '../db/database';
import { clockOffsetMs } from '../youtube/gateway/tokens';
import { createOAuthClient } from '../youtube/google-clients';
import { ensureReachJob } from '../youtube/gateway/reporting';
import { fetchOwnChannel, fetchUserInfo } from '../youtube/identity';
import type { PublicUser } from './auth.schemas';
import { createSession } from './session.service';
import type { UserRow } from '../../db/schema/users';
import { toPublicUser, upsertGoogleUser } from './users.service';

/** A sign-in that cannot finish; `reason` becomes /login?error=… on the browser path. */
export class SignInError extends AppError {
  constructor(
    readonly reason: string,
    message: string,
  ) {
    super('BAD_REQUEST', message);
  }
}

export interface SignedIn {
  sessionToken: string;
  expiresAt: Date;
  user: PublicUser;
}

const YOUTUBE_WRITE_SCOPES = [
  'https://www.googleapis.com/auth/youtube',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];

/** What a sign-in records about the account: a demo account (the simulator's) or a real one. */
export interface SignInOptions {
  demo?: boolean;
}

interface LinkedAccount {
  user: UserRow;
  connection: ChannelConnection | null;
}

/**
 * Who the tokens Google issued belong to and which channel: checks the granted scopes, then asks
 * Google (userinfo, channels.list) and returns a function that links them in a transaction: the
 * user upserted and their channel tokens stored encrypted.
 */
function assertWriteScopes(tokens: Credentials): void {
  const granted = (tokens.scope ?? '').split(' ');
  if (tokens.scope && !YOUTUBE_WRITE_SCOPES.some((scope) => granted.includes(scope))) {
    throw new SignInError(
      'insufficient_scope',
      'Titlewise needs permission to manage your YouTube videos to rotate titles. Sign in again and allow every requested permission.',
    );
  }
}

/**
 * The tokens as stored: the client library dates the token's expiry on the system clock; the
 * product keeps it on its own (they differ once a simulated clock has moved).
 */
function storedTokens(ctx: ServiceContext, tokens: Credentials): Credentials {
  return { ...tokens, expiry_date: tokens.expiry_date ? tokens.expiry_date + clockOffsetMs(ctx) : null };
}

/** Links `channel` to `user` within the plan's channel limit (a refusal names the way out). */
async function linkChannel(
  ctx: TxContext,
  user: UserRow,
  channel: { id: string; title: string; uploadsPlaylistId: string | null },
  tokens: Credentials,
): Promise<ChannelConnection> {
  const tx = ctx.db;
  try {
    await assertMayConnect(tx, user, channel.id);
  } catch (error) {
    if (error instanceof AppError) throw new SignInError('channel_limit', error.message);
    throw error;
  }
  return upsertChannelConnection(ctx, tx, { userId: user.id, channel, tokens });
}

async function googleAccountOf(
  ctx: ServiceContext,
  tokens: Credentials,
  options: SignInOptions,
): Promise<(tx: Tx) => Promise<LinkedAccount>> {
  assertWriteScopes(tokens);
  const auth = createOAuthClient(ctx.config, tokens);
  const profile = await fetchUserInfo(ctx, auth);
  const channel = await fetchOwnChannel(ctx, auth);
  if (!channel) {
    throw new SignInError(
      'no_channel',
      `The Google account ${profile.email} has no YouTube channel. Create one, then sign in again.`,
    );
  }
  const stored = storedTokens(ctx, tokens);
  return async (tx) => {
    const user = await upsertGoogleUser(ctx, tx, {
      sub: profile.sub,
      email: profile.email,
      name: profile.name ?? profile.given_name ?? profile.email,
      ...(options.demo ? { isDemo: true } : {}),
    });
    return { user, connection: await linkChannel(withTx(ctx, tx), user, channel, stored) };
  };
}

/**
 * A signed-in creator connects another channel: the one of the Google account that granted
 * `tokens` (it may be another Google account than the one they sign in with). Each channel keeps
 * its own encrypted grant. Refused beyond the plan's channel limit.
 */
export async function connectAnotherChannel(
  ctx: ServiceContext,
  user: UserRow,
  tokens: Credentials,
): Promise<ChannelConnection> {
  assertWriteScopes(tokens);
  const channel = await fetchOwnChannel(ctx, createOAuthClient(ctx.config, tokens));
  if (!channel)
    throw new SignInError(
      'no_channel',
      'That Google account has no YouTube channel. Create one, then connect it.',
    );
  const stored = storedTokens(ctx, tokens);
  const connection = await ctx.db.transaction((tx) => linkChannel(withTx(ctx, tx), user, channel, stored));
  await requestReachReport(ctx, connection);
  return connection;
}

/**
 * Finishes a Google sign-in from the tokens Google issued: who it is, which channel, then one
 * transaction that upserts the user and their (encrypted) channel tokens and opens a session.
 */
export async function completeGoogleSignIn(
  ctx: ServiceContext,
  tokens: Credentials,
  userAgent: string | undefined,
  options: SignInOptions = {},
): Promise<SignedIn> {
  return openSession(ctx, userAgent, await googleAccountOf(ctx, tokens, options));
}

/** Links a Google account (user and channel) without signing anyone in (the demo prepares its copies so). */
export async function connectGoogleAccount(
  ctx: ServiceContext,
  tokens: Credentials,
  options: SignInOptions = {},
): Promise<LinkedAccount> {
  const link = await googleAccountOf(ctx, tokens, options);
  return ctx.db.transaction(link);
}

/**
 * YouTube's reach report (impressions, CTR) starts ~48 h after it is requested, so it is
 * requested as soon as a channel connects. Best effort: sign-in never fails for it, and the
 * daily collection asks again.
 */
async function requestReachReport(ctx: ServiceContext, connection: ChannelConnection): Promise<void> {
  if (!connection.scopes.includes('https://www.googleapis.com/auth/yt-analytics.readonly')) return;
  try {
    await ensureReachJob(ctx, connection);
  } catch (error) {
    ctx.log.warn({ err: error, connectionId: connection.id }, 'Could not request the YouTube reach report');
  }
}

export interface AuthorizationCode {
  code: string;
  codeVerifier?: string | undefined;
  redirectUri?: string | undefined;
}

/** POST /api/auth/google: an external client hands us an authorization code to exchange. */
export async function signInWithGoogleCode(
  ctx: ServiceContext,
  input: AuthorizationCode,
  userAgent: string | undefined,
  options: SignInOptions = {},
): Promise<SignedIn> {
  return completeGoogleSignIn(ctx, await exchangeAuthorizationCode(ctx, input), userAgent, options);
}

/** The tokens Google issues for an authorization code (its token endpoint, through the OAuth client). */
export async function exchangeAuthorizationCode(
  ctx: ServiceContext,
  input: AuthorizationCode,
): Promise<Credentials> {
  const client = createOAuthClient(ctx.config);
  let tokens: Credentials;
  try {
    const response = await client.getToken({
      code: input.code,
      ...(input.codeVerifier ? { codeVerifier: input.codeVerifier } : {}),
      ...(input.redirectUri ? { redirect_uri: input.redirectUri } : {}),
    });
    tokens = response.tokens;
  } catch (error) {
    throw new AppError(
      'BAD_REQUEST',
      'Authentication failed: Google did not accept the authorization code.',
      {
        cause: error,
      },
    );
  }
  return tokens;
}

/**
 * The demo without the simulator (DEMO_LOGIN=true with real Google): a demo user with no channel,
 * who can look around but connects nothing. With the simulator, src/demo/demo-sign-in.ts signs in
 * through Google's flow instead.
 */
export async function signInAsChannelLessDemo(
  ctx: ServiceContext,
  userAgent: string | undefined,
): Promise<SignedIn> {
  return openSession(ctx, userAgent, async (tx) => ({
    user: await upsertGoogleUser(ctx, tx, {
      sub: 'titlewise-demo',
      email: DEMO_USER_EMAIL,
      name: 'Demo Creator',
      isDemo: true,
    }),
    connection: null,
  }));
}

/**
 * A new session for a user who is already linked (a demo visitor reopening their copy): no Google
 * flow, nothing else changes.
 */
export function reopenSession(
  ctx: ServiceContext,
  user: UserRow,
  userAgent: string | undefined,
): Promise<SignedIn> {
  return openSession(ctx, userAgent, async () => ({ user, connection: null }));
}

/**
 * The end of every sign-in: one transaction links the user (and channel) and opens a session;
 * then the channel's reach report is requested (best effort) and the public user returned.
 */
async function openSession(
  ctx: ServiceContext,
  userAgent: string | undefined,
  link: (tx: Tx) => Promise<LinkedAccount>,
): Promise<SignedIn> {
  const now = ctx.clock.now();
  const { user, connection, session } = await ctx.db.transaction(async (tx) => {
    const linked = await link(tx);
    const session = await createSession(tx, {
      userId: linked.user.id,
      ttlDays: ctx.config.sessionTtlDays,
      now,
      userAgent,
    });
    return { ...linked, session };
  });
  if (connection) await requestReachReport(ctx, connection);
  return { sessionToken: session.token, expiresAt: session.expiresAt, user: await toPublicUser(ctx, user) };
}
