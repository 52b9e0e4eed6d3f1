import { eq, sql } from 'drizzle-orm';
import { simClock } from '../../db/schema';
import type { ControllableClock } from '../../src/platform/clock';
import type { Db } from '../../src/db/database';
import { sleep } from '../rotation/measure';

/** Time for the clock's change notice to reach the worker processes once the move is stored. */
const NOTICE_MS = 100;

/**
 * Moves the deployment's simulated clock to `to` (shared with the workers through the database)
 * and time-compresses the job queue to match: a job waiting in pg-boss waits in real time for
 * the product instant it was scheduled for, converted with the clock's offset when it was sent
 * (src/title-tests/title-tests.jobs.ts). The clock jumping by more than the real time that passed
 * pulls every waiting job earlier by the difference, as that much real time passing would have.
 * A failed job's retry is left alone: its delay (30 s and up) is real time in production too.
 * Returns the offset change.
 */
export async function moveWorldClock(db: Db, clock: ControllableClock, to: Date): Promise<number> {
  const before = clock.offsetMs();
  if (to > clock.now()) clock.set(to);
  const after = clock.offsetMs();
  for (let tries = 0; tries < 200; tries++) {
    const [row] = await db.select({ offsetMs: simClock.offsetMs }).from(simClock).where(eq(simClock.id, 1));
    if ((row?.offsetMs ?? 0) >= after) break;
    await sleep(10);
  }
  await sleep(NOTICE_MS);
  const delta = after - before;
  if (delta > 0)
    await db.execute(sql`update pgboss.job set start_after = start_after - make_interval(secs => ${delta / 1000})
      where state = 'created' and start_after > now()`);
  return delta;
}
