import type { Credentials } from 'google-auth-library';
import type { AppContext } from '../app-context';
import { upsertChannelConnection, type ChannelConnection } from '../channels/channel-connections.service';
import { DEMO_USER_EMAIL } from '../config';
import { AppError } from '../errors/app-error';
import type { Tx } from '../db/database';
import { createOAuthClient, GOOGLE_SCOPES } from '../youtube/google-clients';
import { ensureReachJob } from '../youtube/gateway/reporting';
import { fetchOwnChannel, fetchUserInfo } from '../youtube/identity';
import { DEMO_ACCOUNT_ID } from '../youtube-simulator/accounts';
import { findAccount, issueTokens } from '../youtube-simulator/identity-store';
import type { PublicUser } from './auth.schemas';
import { createSession, type UserRow } from './session.service';
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

/**
 * Finishes a Google sign-in from the tokens Google issued: who it is, which channel, then one
 * transaction that upserts the user and their (encrypted) channel tokens and opens a session.
 */
export async function completeGoogleSignIn(
  app: AppContext,
  tokens: Credentials,
  userAgent: string | undefined,
): Promise<SignedIn> {
  const granted = (tokens.scope ?? '').split(' ');
  if (tokens.scope && !YOUTUBE_WRITE_SCOPES.some((scope) => granted.includes(scope))) {
    throw new SignInError(
      'insufficient_scope',
      'Titlewise needs permission to manage your YouTube videos to rotate titles. Sign in again and allow every requested permission.',
    );
  }
  const auth = createOAuthClient(app.config, tokens);
  const profile = await fetchUserInfo(app, auth);
  const channel = await fetchOwnChannel(app, auth);
  if (!channel) {
    throw new SignInError(
      'no_channel',
      `The Google account ${profile.email} has no YouTube channel. Create one, then sign in again.`,
    );
  }
  return openSession(app, userAgent, async (tx) => {
    const user = await upsertGoogleUser(app, tx, {
      sub: profile.sub,
      email: profile.email,
      name: profile.name ?? profile.given_name ?? profile.email,
    });
    return { user, connection: await upsertChannelConnection(app, tx, { userId: user.id, channel, tokens }) };
  });
}

/**
 * YouTube's reach report (impressions, CTR) starts ~48 h after it is requested, so it is
 * requested as soon as a channel connects. Best effort: sign-in never fails for it, and the
 * daily collection asks again.
 */
async function requestReachReport(app: AppContext, connection: ChannelConnection): Promise<void> {
  if (!connection.scopes.includes('https://www.googleapis.com/auth/yt-analytics.readonly')) return;
  try {
    await ensureReachJob(app, connection);
  } catch (error) {
    app.log.warn({ err: error, connectionId: connection.id }, 'Could not request the YouTube reach report');
  }
}

/** POST /api/auth/google: an external client hands us an authorization code to exchange. */
export async function signInWithGoogleCode(
  app: AppContext,
  input: { code: string; codeVerifier?: string | undefined; redirectUri?: string | undefined },
  userAgent: string | undefined,
): Promise<SignedIn> {
  const client = createOAuthClient(app.config);
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
  return completeGoogleSignIn(app, tokens, userAgent);
}

/**
 * One-click demo: a demo user whose channel is the simulator's demo channel, with tokens the
 * simulator issued, so everything after sign-in runs the real code path.
 */
export async function signInAsDemo(app: AppContext, userAgent: string | undefined): Promise<SignedIn> {
  if (!app.config.demoLogin) throw new AppError('FORBIDDEN', 'Demo sign-in is not enabled on this server.');
  const now = app.clock.now();
  return openSession(app, userAgent, async (tx) => {
    const user = await upsertGoogleUser(app, tx, {
      sub: `sim-sub-${DEMO_ACCOUNT_ID}`,
      email: DEMO_USER_EMAIL,
      name: 'Demo Creator',
      isDemo: true,
    });
    const account = app.config.google.simulator ? await findAccount(tx, DEMO_ACCOUNT_ID) : null;
    let connection: ChannelConnection | null = null;
    if (account) {
      const issued = await issueTokens(tx, {
        accountId: account.id,
        clientId: app.config.google.clientId,
        scope: GOOGLE_SCOPES.join(' '),
        now,
        withRefresh: true,
      });
      connection = await upsertChannelConnection(app, tx, {
        userId: user.id,
        channel: {
          id: account.channelId,
          title: account.channelTitle,
          uploadsPlaylistId: account.uploadsPlaylistId,
        },
        tokens: { ...issued, expiry_date: now.getTime() + issued.expires_in * 1000 },
      });
    }
    return { user, connection };
  });
}

/**
 * The end of every sign-in: one transaction links the user (and channel) and opens a session;
 * then the channel's reach report is requested (best effort) and the public user returned.
 */
async function openSession(
  app: AppContext,
  userAgent: string | undefined,
  link: (tx: Tx) => Promise<{ user: UserRow; connection: ChannelConnection | null }>,
): Promise<SignedIn> {
  const now = app.clock.now();
  const { user, connection, session } = await app.db.transaction(async (tx) => {
    const linked = await link(tx);
    const session = await createSession(tx, {
      userId: linked.user.id,
      ttlDays: app.config.sessionTtlDays,
      now,
      userAgent,
    });
    return { ...linked, session };
  });
  if (connection) await requestReachReport(app, connection);
  return { sessionToken: session.token, expiresAt: session.expiresAt, user: await toPublicUser(app, user) };
}
