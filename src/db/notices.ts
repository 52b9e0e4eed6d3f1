import type { Sql } from 'postgres';
import type { Database } from './database';

/** Listens on PostgreSQL notification channels, all on one connection per process. */
export interface NoticeListener {
  /**
   * Calls `onNotice` with each notice's payload on `channel`, and `onListen` each time listening
   * (re)starts: notices sent while the connection was down are missed, so a listener re-reads.
   */
  listen(channel: string, onNotice: (payload: string) => void, onListen: () => void): Promise<void>;
  close(): Promise<void>;
}

/**
 * On PostgreSQL, a connection of its own, opened on the first listen (postgres.js keeps one
 * listening connection per client and listens again after a reconnect); on the embedded
 * database, its one connection.
 */
export function openNoticeListener(database: Database): NoticeListener {
  const stops: (() => Promise<void>)[] = [];
  let client: Sql | null = null;
  return {
    async listen(channel, onNotice, onListen) {
      if (database.pglite) {
        const stop = await database.pglite.listen(channel, onNotice);
        stops.push(stop);
        onListen();
        return;
      }
      if (!client) {
        const { default: postgres } = await import('postgres');
        client = postgres(database.url!, { max: 1, onnotice: () => {} });
      }
      const subscription = await client.listen(channel, onNotice, onListen);
      stops.push(() => subscription.unlisten().catch(() => {}));
    },
    async close() {
      for (const stop of stops.splice(0)) await stop();
      await client?.end({ timeout: 5 });
      client = null;
    },
  };
}
