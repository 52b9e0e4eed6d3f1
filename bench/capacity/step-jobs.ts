import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import type { Db } from '../../src/db/database';
import {
  ADVANCE_QUEUE,
  TICK_QUEUE,
  admissionJob,
  dailyMetricsJob,
  sampleViewsJob,
} from '../../src/title-tests/engine/title-tests.jobs';
import { nextDailyCollection } from '../../src/title-tests/figures/figure-expectations';
import { queryRows, sleep } from '../rotation/measure';

const SAMPLE_VIEWS_QUEUE = sampleViewsJob.name;
const ADMISSION_QUEUE = admissionJob.name;
const DAILY_METRICS_QUEUE = dailyMetricsJob.name;

/** The queues whose work a step waits for; the workers' e-mails run on beside them. */
const STEP_QUEUES = [ADVANCE_QUEUE, TICK_QUEUE, SAMPLE_VIEWS_QUEUE, ADMISSION_QUEUE, DAILY_METRICS_QUEUE];
/** The recurring jobs the bench sends on simulated time instead of pg-boss's cron on real time. */
const CLOCK_DRIVEN_QUEUES = [TICK_QUEUE, SAMPLE_VIEWS_QUEUE, ADMISSION_QUEUE, DAILY_METRICS_QUEUE];

/** Queue names as an SQL list (constants of ours, never input). */
const queueList = (names: string[]) => sql.raw(names.map((name) => `'${name}'`).join(','));

/**
 * pg-boss's cron runs on real time: a worker's schedules would fire sampling passes at random
 * simulated instants. The bench removes every schedule once the workers are up (and what the cron
 * already sent) and sends those jobs itself at the simulated instants the schedules name.
 */
export async function takeOverSchedules(boss: PgBoss, db: Db): Promise<void> {
  for (const schedule of await boss.getSchedules()) await boss.unschedule(schedule.name, schedule.key);
  await db.execute(
    sql`delete from pgboss.job where state = 'created' and name in (${queueList(CLOCK_DRIVEN_QUEUES)})`,
  );
}

/**
 * What the cron would have sent at simulated instant `at` (the previous step at `previous`): the
 * minute tick, the 10-minute sampling pass and admission pass, and the daily collection at 01:30
 * Pacific time.
 */
export async function sendStepJobs(boss: PgBoss, previous: Date, at: Date): Promise<void> {
  await boss.send(TICK_QUEUE, {});
  await boss.send(SAMPLE_VIEWS_QUEUE, {});
  await boss.send(ADMISSION_QUEUE, {});
  if (nextDailyCollection(previous) <= at) await boss.send(DAILY_METRICS_QUEUE, {});
}

/** Jobs of the step's queues that are due (or running) now, and failed ones waiting for their retry. */
async function pendingJobs(db: Db): Promise<number> {
  const [row] = await queryRows<{ pending: number }>(
    db,
    sql`select count(*)::int as pending from pgboss.job
      where name in (${queueList(STEP_QUEUES)})
        and (state = 'retry' or (state in ('created', 'active') and start_after <= now()))`,
  );
  return row?.pending ?? 0;
}

/** Waits until the workers have run everything due, seen empty twice in a row; false on timeout. */
export async function waitForDrain(db: Db, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  let empty = 0;
  while (Date.now() < deadline) {
    empty = (await pendingJobs(db)) === 0 ? empty + 1 : 0;
    if (empty >= 2) return true;
    await sleep(100);
  }
  return false;
}
