import type { Logger } from 'drizzle-orm';
import type { NoticeListener } from './notices';

/** The channel the database announces changes to cached reads on (migration 0008). */
export const READ_CHANGE_CHANNEL = 'titlewise_read_change';

const WRITE_STATEMENT = /^\s*(insert|update|delete|truncate)\b/i;

/**
 * A counter that moves whenever what the read cache holds may have changed: at once when this
 * process sends a write, and when the database announces a committed change from any process
 * (the notice comes at commit, so it also covers a read that ran between a write and its commit).
 * Cached reads are valid only under the counter they were read at (src/db/read-cache.ts).
 */
export interface ReadChanges {
  readonly epoch: number;
  /** Whether notices from the database arrive (always false until listening starts). */
  readonly listening: boolean;
  changed(): void;
}

export function createReadChanges(): ReadChanges & { setListening(on: boolean): void } {
  let epoch = 0;
  let listening = false;
  return {
    get epoch() {
      return epoch;
    },
    get listening() {
      return listening;
    },
    changed() {
      epoch += 1;
    },
    setListening(on) {
      listening = on;
      epoch += 1;
    },
  };
}

/** A drizzle logger that marks a change for every write this process sends, then passes the statement on. */
export function writeWatchingLogger(changes: ReadChanges, next?: Logger): Logger {
  return {
    logQuery(query, params) {
      if (WRITE_STATEMENT.test(query)) changes.changed();
      next?.logQuery(query, params);
    },
  };
}

/** Follows the database's change notices (src/db/notices.ts); stop by closing the listener. */
export async function listenForReadChanges(
  notices: NoticeListener,
  changes: ReturnType<typeof createReadChanges>,
): Promise<void> {
  await notices.listen(
    READ_CHANGE_CHANNEL,
    () => changes.changed(),
    () => changes.setListening(true),
  );
}
