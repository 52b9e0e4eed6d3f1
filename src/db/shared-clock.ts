import { eq, sql } from 'drizzle-orm';
import { simClock } from '../../db/schema';
import type { ControllableClock } from '../platform/clock';
import type { Database } from './database';
import type { NoticeListener } from './notices';

const CLOCK_CHANNEL = 'titlewise_sim_clock';

/**
 * Makes a controllable clock the deployment's one simulated clock, kept in the database
 * (sim_clock): it starts where the deployment's clock is, every move of it is stored (the row only
 * grows), and moves made by any other process are adopted as their notice arrives. So a web-only
 * node that fast-forwards and the `npm run worker` processes that run the due jobs agree on the
 * time. Returns the way to finish storing (the listener stops with `notices`).
 */
export async function shareClockThroughDatabase(
  database: Database,
  notices: NoticeListener,
  clock: ControllableClock,
  onError: (error: unknown) => void,
): Promise<() => Promise<void>> {
  const { db } = database;
  const adoptStored = async () => {
    const [row] = await db.select({ offsetMs: simClock.offsetMs }).from(simClock).where(eq(simClock.id, 1));
    if (row) clock.catchUp(row.offsetMs);
  };
  await adoptStored();
  // Moves are stored in order and never backwards (two processes moving at once keep the later
  // time); a burst of moves (a fast-forward stops the clock at every due job) writes only the last.
  let newest: number | null = null;
  let writing: Promise<void> | null = null;
  const flush = async () => {
    while (newest !== null) {
      const offsetMs = newest;
      newest = null;
      await db
        .update(simClock)
        .set({ offsetMs: sql`greatest(${simClock.offsetMs}, ${offsetMs})`, updatedAt: sql`now()` })
        .where(eq(simClock.id, 1))
        .catch(onError);
    }
    writing = null;
  };
  clock.onMove((offsetMs) => {
    newest = offsetMs;
    writing ??= flush();
  });
  await notices.listen(
    CLOCK_CHANNEL,
    (payload) => clock.catchUp(Number(payload)),
    () => void adoptStored().catch(onError),
  );
  // Stops with the notice listener; what remains is the last move's write.
  return async () => {
    await writing;
  };
}
