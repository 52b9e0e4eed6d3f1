import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import {
  fromDrizzle,
  type Job,
  type JobOptions,
  type JobResult,
  type PgBoss,
  type Queue,
  type WorkOptions,
} from 'pg-boss';
import type { z } from 'zod';
import type { DbOrTx } from '../db/database';
import type { ServiceContext } from './service-context';
import { secondsSince } from '../platform/metrics';

/**
 * A job, declared once: its name in the database, its payload, its queue, how often it runs and
 * what it does. A feature declares its jobs with defineJob in its `*.jobs.ts` (or beside the
 * function the handler calls); jobs/index.ts lists every definition, and from that list each
 * process creates the queues and, when it runs the workers, registers the handlers and the
 * schedules. The feature enqueues with the definition's `send`; the simulator's fast-forward and
 * the tests call its `run` and `runEach`, the handler the worker runs (the worker also counts and
 * times each run for /metrics).
 */
export interface JobSpec<Payload extends object, Ctx extends ServiceContext = ServiceContext> {
  /** The queue's name in pg-boss's tables: never change it (queued jobs and schedules carry it). */
  name: string;
  /** Checked when a worker takes the job: a job whose payload fails it fails. */
  payload: z.ZodType<Payload>;
  /** The queue's options: policy (singleton, stately…), retries, expiry. */
  queue?: Omit<Queue, 'name'>;
  /**
   * The job's singleton key, from its payload: with a `singleton` or `stately` policy, one job
   * per key waits (and one runs).
   */
  key?(payload: Payload): string;
  /** Runs by itself on this cron, in this IANA time zone (with an empty payload). */
  schedule?: { cron: string; tz: string };
  /**
   * How the worker fetches, for a queue that takes jobs in batches; each job of a batch is run and
   * settled on its own (a failed one is retried alone). Unset: one job at a time.
   */
  batch?: WorkOptions & { perJobResults: true };
  /** Whether this deployment runs the job at all (its worker, schedule and start); default: always. */
  enabled?(ctx: Ctx): boolean;
  /** Sends one job when the workers start, besides the schedule. */
  runAtStart?: boolean;
  /** What the job does. It re-reads the state it needs from the database, so a repeat is harmless. */
  handler(ctx: Ctx, payload: Payload): Promise<unknown>;
}

/**
 * What sending needs: the job queue and the database handle in use. When `db` is a drizzle
 * transaction the job is written in it, through pg-boss's `db` option, so it exists exactly when
 * that transaction commits. Inside a transaction pass the context with the transaction as its
 * db: `{ ...ctx, db: tx }`.
 */
export interface JobSender {
  boss: PgBoss;
  db?: DbOrTx;
}

/** Per-send options: when it may start (a Date, seconds from now, or an ISO string). */
export type SendJobOptions = Pick<JobOptions, 'startAfter'>;

export interface JobDefinition<
  Payload extends object,
  Ctx extends ServiceContext = ServiceContext,
> extends JobSpec<Payload, Ctx> {
  /** Enqueues one job (with its singleton key), in `ctx.db`'s transaction when it is one. */
  send(ctx: JobSender, payload: Payload, options?: SendJobOptions): Promise<void>;
  /** Checks the payload and runs the handler, as the worker does for one job; the handler's result is the job's output. */
  run(ctx: Ctx, data: unknown): Promise<unknown>;
  /** Runs each job and reports each one's outcome (a failed job's error as its output). */
  runEach(ctx: Ctx, jobs: readonly Job<unknown>[]): Promise<JobResult[]>;
}

/** pg-boss's transaction adapter over a drizzle transaction, or nothing for the plain database. */
function transactionOf(db: DbOrTx | undefined): { db?: ReturnType<typeof fromDrizzle> } {
  if (!db || !is(db, PgTransaction)) return {};
  // drizzle's execute() result type is wider than the adapter's structural type; the call is the one pg-boss documents.
  return { db: fromDrizzle(db as unknown as Parameters<typeof fromDrizzle>[0], sql) };
}

/** Runs one job through `run` and reports its outcome (a failed job's error as its output). */
async function settled(run: (data: unknown) => Promise<unknown>, job: Job<unknown>): Promise<JobResult> {
  try {
    await run(job.data);
    return { id: job.id, status: 'completed' };
  } catch (error) {
    return { id: job.id, status: 'failed', output: error };
  }
}

/**
 * Declares a job. `Ctx` is the context its handler needs: the service context, or a feature's own
 * that extends it (the title-test engine's); the workers run every job with the context the entry
 * points assemble (src/app-context.ts), which holds them all.
 */
export function defineJob<Payload extends object, Ctx extends ServiceContext = ServiceContext>(
  spec: JobSpec<Payload, Ctx>,
): JobDefinition<Payload, Ctx> {
  const run = async (ctx: Ctx, data: unknown): Promise<unknown> =>
    // A job sent without data (pg-boss stores null) has the empty payload.
    spec.handler(ctx, spec.payload.parse(data ?? {}));
  return {
    ...spec,
    async send(ctx, payload, options = {}) {
      await ctx.boss.send(spec.name, payload, {
        ...(spec.key ? { singletonKey: spec.key(payload) } : {}),
        ...options,
        ...transactionOf(ctx.db),
      });
    },
    run,
    async runEach(ctx, jobs) {
      return Promise.all(jobs.map((job) => settled((data) => run(ctx, data), job)));
    },
  };
}

/** Creates the job's queue. Every process does this, so a web-only node can enqueue. Idempotent. */
export async function createJobQueue(boss: PgBoss, job: JobDefinition<object>): Promise<void> {
  await boss.createQueue(job.name, job.queue);
}

/**
 * Registers the job's worker and schedule, and sends its start-up job (web process with
 * WORKERS=true, `npm run worker`).
 */
export async function startJobWorker<Ctx extends ServiceContext>(
  boss: PgBoss,
  ctx: Ctx,
  job: JobDefinition<object, Ctx>,
): Promise<void> {
  if (job.enabled && !job.enabled(ctx)) return;
  // Each job the worker runs is counted by outcome and timed (titlewise_jobs_total and
  // titlewise_job_duration_seconds, by queue).
  const measured = async (data: unknown): Promise<unknown> => {
    const started = performance.now();
    let outcome = 'failed';
    try {
      const output = await job.run(ctx, data);
      outcome = 'completed';
      return output;
    } finally {
      ctx.metrics.jobs.inc({ queue: job.name, outcome });
      ctx.metrics.jobDuration.observe({ queue: job.name }, secondsSince(started));
    }
  };
  if (job.batch)
    await boss.work(job.name, job.batch, async (jobs) =>
      Promise.all(jobs.map((one) => settled(measured, one))),
    );
  else
    await boss.work(job.name, async (jobs) => {
      // One job at a time (pg-boss's default batch of one): its handler's result is its output.
      let output: unknown;
      for (const one of jobs) output = await measured(one.data);
      return output;
    });
  if (job.schedule) await boss.schedule(job.name, job.schedule.cron, {}, { tz: job.schedule.tz });
  if (job.runAtStart) await job.send(ctx, {});
}
