import type { Database } from './database';

/**
 * Listens on a PostgreSQL notification channel: on PostgreSQL on a connection of its own
 * (postgres.js listens again after a reconnect and calls `onListen` each time, since notices were
 * missed meanwhile), on the embedded database on its one connection. Returns the way to stop.
 */
export async function listenToNotices(
  database: Database,
  channel: string,
  onNotice: (payload: string) => void,
  onListen: () => void,
): Promise<() => Promise<void>> {
  if (database.pglite) {
    const stop = await database.pglite.listen(channel, onNotice);
    onListen();
    return async () => {
      await stop();
    };
  }
  const { default: postgres } = await import('postgres');
  const client = postgres(database.url!, { max: 1, onnotice: () => {} });
  const subscription = await client.listen(channel, onNotice, onListen);
  return async () => {
    await subscription.unlisten().catch(() => {});
    await client.end({ timeout: 5 });
  };
}
