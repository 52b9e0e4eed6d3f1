import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { channelConnections, titleTests } from '../../db/schema';
import type { UserRow } from '../../db/schema/users';
import { conflict, forbidden, notFound } from '../errors/app-error';
import type { ServiceContext } from '../context/service-context';
import { channelsTakingNewTests, extraChannelsMessage } from '../shared/extra-channels';
import { channelLimits, planName } from '../shared/plans';
import type { DbOrTx } from '../db/database';
import { runningStatuses } from '../shared/test-states';
import type { ChannelConnection } from './channel-connections.service';
import type { Channel, ChannelList } from './channels.schemas';

/** How many channels `user` may connect. */
export function channelLimit(user: Pick<UserRow, 'subscriptionTier' | 'isLifetime'>): number {
  return channelLimits[user.isLifetime ? 'lifetime' : user.subscriptionTier];
}

export function channelLimitMessage(user: Pick<UserRow, 'subscriptionTier' | 'isLifetime'>): string {
  const limit = channelLimit(user);
  return limit === 1
    ? `Your plan connects one YouTube channel. Upgrade to Authority at /paywall to connect up to ${channelLimits.authority}.`
    : `Your plan connects up to ${limit} YouTube channels. Disconnect one before connecting another.`;
}

function statusOf(connection: ChannelConnection): Channel['status'] {
  if (connection.status === 'disconnected') return 'disconnected';
  return connection.disconnectRequestedAt ? 'disconnecting' : 'connected';
}

function toChannel(connection: ChannelConnection, runningTests: number, takesNewTests: boolean): Channel {
  return {
    id: connection.id,
    youtubeChannelId: connection.youtubeChannelId,
    title: connection.title,
    status: statusOf(connection),
    statusReason: connection.statusReason,
    runningTests,
    takesNewTests,
    connectedAt: connection.createdAt.toISOString(),
  };
}

const usable = (connection: ChannelConnection) =>
  connection.status === 'connected' && !connection.disconnectRequestedAt;

/**
 * Which channels take new tests (docs/decisions/0029): all usable ones within the plan's limit;
 * beyond it (a plan that went down), only the ones connected first, and the words that say so.
 * `connections` are the account's, oldest first.
 */
function newTestChannels(
  user: Pick<UserRow, 'subscriptionTier' | 'isLifetime'>,
  connections: readonly ChannelConnection[],
): { open: ChannelConnection[]; extraMessage: string | null } {
  const limit = channelLimit(user);
  const connected = connections.filter(usable);
  const open = channelsTakingNewTests(connected, limit);
  const extraMessage =
    connected.length > limit
      ? extraChannelsMessage({
          plan: planName(user.isLifetime ? 'lifetime' : user.subscriptionTier),
          limit,
          connected: connected.length,
          open: open.map((connection) => connection.title),
        })
      : null;
  return { open, extraMessage };
}

async function connectionsOf(db: DbOrTx, user: Pick<UserRow, 'id'>): Promise<ChannelConnection[]> {
  return db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.userId, user.id))
    .orderBy(asc(channelConnections.createdAt), asc(channelConnections.id));
}

/**
 * Refuses a new test on `connection` when the account has more channels connected than its plan
 * includes and this one is not among those connected first (docs/decisions/0029).
 */
export async function assertTakesNewTests(
  db: DbOrTx,
  user: UserRow,
  connection: ChannelConnection,
): Promise<void> {
  const { open, extraMessage } = newTestChannels(user, await connectionsOf(db, user));
  if (extraMessage && !open.some((one) => one.id === connection.id)) throw forbidden(extraMessage);
}

/** The account's channels, oldest first, each with its running tests, and the plan's limit. */
export async function listChannels(ctx: ServiceContext, user: UserRow): Promise<ChannelList> {
  const connections = await connectionsOf(ctx.db, user);
  const { open, extraMessage } = newTestChannels(user, connections);
  const running = await runningTestsByChannel(
    ctx.db,
    connections.map((connection) => connection.id),
  );
  return {
    channels: connections.map((connection) =>
      toChannel(connection, running.get(connection.id) ?? 0, open.includes(connection)),
    ),
    limit: channelLimit(user),
    extraChannels: extraMessage,
  };
}

async function runningTestsByChannel(db: DbOrTx, connectionIds: string[]): Promise<Map<string, number>> {
  if (connectionIds.length === 0) return new Map();
  const rows = await db
    .select({ id: titleTests.channelConnectionId, running: count() })
    .from(titleTests)
    .where(
      and(
        inArray(titleTests.channelConnectionId, connectionIds),
        inArray(titleTests.status, [...runningStatuses]),
      ),
    )
    .groupBy(titleTests.channelConnectionId);
  return new Map(rows.map((row) => [row.id, row.running]));
}

/** One of the account's channels, or 404 (another account's channel is not found either). */
export async function findOwnChannel(
  db: DbOrTx,
  user: Pick<UserRow, 'id'>,
  channelId: string,
): Promise<ChannelConnection> {
  const [connection] = await db
    .select()
    .from(channelConnections)
    .where(and(eq(channelConnections.id, channelId), eq(channelConnections.userId, user.id)));
  if (!connection) throw notFound('Channel');
  return connection;
}

/**
 * The channel a request works on: the one it names (it must be the account's), else the most
 * recently connected usable one. Null when the account has none.
 */
export async function chosenChannel(
  db: DbOrTx,
  user: Pick<UserRow, 'id'>,
  channelId: string | undefined,
): Promise<ChannelConnection | null> {
  if (channelId) return findOwnChannel(db, user, channelId);
  // A usable channel first (connected, not being disconnected), then the latest touched.
  const [latest] = await db
    .select()
    .from(channelConnections)
    .where(eq(channelConnections.userId, user.id))
    .orderBy(
      sql`(${channelConnections.status} = 'connected' and ${channelConnections.disconnectRequestedAt} is null) desc`,
      desc(channelConnections.updatedAt),
    )
    .limit(1);
  return latest ?? null;
}

/**
 * Whether `user` may connect the YouTube channel `youtubeChannelId`: reconnecting one of theirs
 * always may; a new one only within the plan's limit (disconnected channels do not count).
 */
export async function assertMayConnect(db: DbOrTx, user: UserRow, youtubeChannelId: string): Promise<void> {
  const connections = await db
    .select({
      youtubeChannelId: channelConnections.youtubeChannelId,
      status: channelConnections.status,
    })
    .from(channelConnections)
    .where(eq(channelConnections.userId, user.id));
  if (connections.some((connection) => connection.youtubeChannelId === youtubeChannelId)) return;
  const active = connections.filter((connection) => connection.status === 'connected').length;
  if (active >= channelLimit(user)) throw forbidden(channelLimitMessage(user));
}

export function assertUsable(connection: ChannelConnection): void {
  if (connection.disconnectRequestedAt)
    throw conflict(`The channel ${connection.title} is being disconnected.`);
}
