import { and, eq, gt, inArray, min, sql } from 'drizzle-orm';
import { rotations, titleTests } from '../../../db/schema';
import { collectDailyMetrics } from '../engine/daily-collection';
import {
  ADVANCE_QUEUE,
  admissionJob,
  advanceJob,
  dailyMetricsJob,
  sampleViewsJob,
} from '../engine/title-tests.jobs';
import { enqueueDueTests, findDueTests } from '../engine/due-tests';
import type { ControllableClock } from '../../platform/clock';
import type { EngineContext } from '../engine/engine-context';
import { nextDailyCollection, nextSamplingPass } from '../figures/figure-expectations';
import { SAMPLE_VIEWS_EVERY_MINUTES } from '../figures/collection-times';
import { sampledOnPass, type TestShape } from '../../capacity';
import { heldBy } from '../records/held-tests';
import { sampledCadences, sampleViewCounts, shapeOfCadence } from '../engine/metrics-collection';
import { admitQueuedTests } from '../engine/queued-tests';
import { advanceTest } from '../engine/rotation-engine';

// Simulator tooling: moving a controllable clock runs, in time order, every job the workers
// would have run meanwhile, through the same handlers. Production never calls this.

/** A job another worker holds (same process or another) is waited for this long per step. */
const OTHER_WORKER_WAIT_MS = 10_000;
const MAX_DRAIN_ROUNDS = 100;
const MAX_STEPS = 200_000;
const SAMPLING_PASS_MS = SAMPLE_VIEWS_EVERY_MINUTES * 60_000;

type EventKind = 'rotation' | 'end' | 'deferral' | 'final-figures' | 'sample' | 'daily' | 'target';

export interface JobFailure {
  queue: string;
  at: Date;
  error: unknown;
}

export interface FastForwardReport {
  from: Date;
  to: Date;
  /** Instants the clock stopped at. */
  steps: number;
  /** Every failed job or handler run, in order (failed advance jobs are also failed in pg-boss). */
  failures: JobFailure[];
}

/**
 * Instants after `after` at which the clock must stop, from the stored schedules, the cadences of
 * the tests sampled now and whether any test waits for capacity: one statement.
 */
async function nextStoredEvent(
  ctx: EngineContext,
  after: Date,
): Promise<{ events: Map<EventKind, Date | null>; shapes: TestShape[]; anyQueued: boolean }> {
  const { db } = ctx;
  const held = heldBy(ctx.holding);
  const [row] = await db
    .select({
      rotation: sql`(${db
        .select({ at: min(rotations.plannedStart) })
        .from(rotations)
        .innerJoin(titleTests, eq(titleTests.id, rotations.testId))
        .where(
          and(
            inArray(titleTests.status, ['scheduled', 'active']),
            held,
            eq(rotations.status, 'planned'),
            gt(rotations.plannedStart, after),
          ),
        )})`.mapWith(rotations.plannedStart),
      end: sql`(${db
        .select({ at: min(titleTests.endDate) })
        .from(titleTests)
        .where(
          and(
            inArray(titleTests.status, ['scheduled', 'active', 'paused']),
            held,
            gt(titleTests.endDate, after),
          ),
        )})`.mapWith(titleTests.endDate),
      deferral: sql`(${db
        .select({ at: min(titleTests.deferredUntil) })
        .from(titleTests)
        .where(and(held, gt(titleTests.deferredUntil, after)))})`.mapWith(titleTests.deferredUntil),
      deadline: sql`(${db
        .select({ at: min(titleTests.finalFiguresDueAt) })
        .from(titleTests)
        .where(
          and(eq(titleTests.status, 'completed'), held, gt(titleTests.finalFiguresDueAt, after)),
        )})`.mapWith(titleTests.finalFiguresDueAt),
      // The cadences of the tests a sampling pass reads.
      cadences: sql<string[]>`array(${sampledCadences(ctx)})`,
      // The admission pass's own first question (queued-tests.ts): does any test wait?
      queued: sql<boolean>`exists (${db
        .select({ id: titleTests.id })
        .from(titleTests)
        .where(eq(titleTests.status, 'queued'))})`,
    })
    .from(sql`(select 1) as one`);
  return {
    events: new Map<EventKind, Date | null>([
      ['rotation', row?.rotation ?? null],
      ['end', row?.end ?? null],
      ['deferral', row?.deferral ?? null],
      ['final-figures', row?.deadline ?? null],
    ]),
    shapes: (row?.cadences ?? []).map(shapeOfCadence),
    anyQueued: row?.queued === true,
  };
}

/**
 * The next instant the clock must stop at after `after`, and why. Every stored event, daily
 * collection and the target are stops. A 10-minute sampling pass is a stop when it has work: a
 * running test's counter is read on it (its cadence), or a test waits for capacity (the admission
 * pass runs on the same beat). The passes before the next stop that have none are skipped unless
 * a test has work due by then (a daily look, say): then the clock stops at the first of them, as
 * it would at every pass. Nothing is written between two stops, and the due tests of an instant
 * only grow as it moves later (findDueTests compares stored times with it), so a skipped pass is
 * one at which no job would have done anything.
 */
async function nextEvent(
  ctx: EngineContext,
  after: Date,
  target: Date,
): Promise<{ at: Date; kinds: Set<EventKind> }> {
  const stored = await nextStoredEvent(ctx, after);
  const { shapes } = stored;
  const candidates = stored.events;
  // A context holding tests runs no admission pass.
  const anyQueued = !ctx.holding && stored.anyQueued;
  candidates.set('daily', nextDailyCollection(after));
  candidates.set('target', target);
  let stop = target;
  for (const time of candidates.values()) if (time && time < stop) stop = time;
  const firstPass = nextSamplingPass(after);
  let pass = firstPass;
  while (pass < stop && !anyQueued && !shapes.some((shape) => sampledOnPass(shape, pass)))
    pass = nextSamplingPass(pass);
  if (pass < stop) stop = pass;
  if (stop > firstPass) {
    // Passes are skipped: unless nothing is due at the last of them, stop at the first.
    const lastSkipped = new Date(
      Math.ceil(stop.getTime() / SAMPLING_PASS_MS) * SAMPLING_PASS_MS - SAMPLING_PASS_MS,
    );
    const dueThen = await findDueTests(
      { ...ctx, clock: { now: () => lastSkipped } },
      { graceMs: 0, holding: ctx.holding ?? null },
    );
    if (dueThen.length > 0) stop = firstPass;
  }
  // A stop on a sampling pass runs the pass, as it always did.
  if (stop.getTime() % SAMPLING_PASS_MS === 0) candidates.set('sample', stop);
  const kinds = new Set<EventKind>();
  for (const [kind, time] of candidates) if (time && time.getTime() === stop.getTime()) kinds.add(kind);
  return { at: stop, kinds };
}

/**
 * Fetches title-test.advance jobs from pg-boss and runs them through the worker's handler until
 * none is ready, settling each in the queue as the worker would. Returns the tests it advanced
 * and the errors of the jobs that failed.
 */
async function drainAdvanceQueue(ctx: EngineContext): Promise<{ advanced: Set<string>; errors: unknown[] }> {
  const { boss } = ctx;
  const advanced = new Set<string>();
  const errors: unknown[] = [];
  for (let round = 0; round < MAX_DRAIN_ROUNDS; round += 1) {
    const jobs = await boss.fetch<unknown>(ADVANCE_QUEUE, { batchSize: 20 });
    if (jobs.length === 0) return { advanced, errors };
    for (const job of jobs) {
      const payload = advanceJob.payload.safeParse(job.data);
      if (payload.success) advanced.add(payload.data.testId);
    }
    for (const result of await advanceJob.runEach(ctx, jobs)) {
      if (result.status === 'completed') {
        await boss.complete(ADVANCE_QUEUE, result.id);
      } else {
        errors.push(result.output);
        await boss.fail(ADVANCE_QUEUE, result.id, { message: String(result.output) });
      }
    }
  }
  throw new Error(`The ${ADVANCE_QUEUE} queue never drained.`);
}

/**
 * What the minute tick and the advance workers do, now, by the product clock: enqueue every test
 * with work due (no grace), then run the queued advances. Returns the errors of failed jobs.
 */
export async function runDueAdvances(ctx: EngineContext): Promise<unknown[]> {
  await enqueueDueTests(ctx, { graceMs: 0 });
  return (await drainAdvanceQueue(ctx)).errors;
}

/**
 * A context holding tests (src/title-tests/records/held-tests.ts) advances them itself, one after the
 * other, through the same handler as the worker's; nothing of theirs goes through the queue.
 */
async function advanceHeld(ctx: EngineContext, testIds: string[]): Promise<unknown[]> {
  const errors: unknown[] = [];
  for (const id of testIds) {
    try {
      await advanceTest(ctx, id);
    } catch (error) {
      errors.push(error);
    }
  }
  return errors;
}

/**
 * Like runDueAdvances, but also waits (briefly) for due tests whose job another worker is
 * running, so that no test is left behind when the clock moves on.
 */
async function catchUp(ctx: EngineContext): Promise<unknown[]> {
  if (ctx.holding) return advanceHeld(ctx, await findDueTests(ctx, { graceMs: 0, holding: ctx.holding }));
  const due = await enqueueDueTests(ctx, { graceMs: 0 });
  const { advanced, errors } = await drainAdvanceQueue(ctx);
  const waitUntil = Date.now() + OTHER_WORKER_WAIT_MS;
  let missing = due.filter((id) => !advanced.has(id));
  while (missing.length > 0 && Date.now() < waitUntil) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    const stillDue = new Set(await enqueueDueTests(ctx, { graceMs: 0 }));
    const more = await drainAdvanceQueue(ctx);
    for (const id of more.advanced) advanced.add(id);
    errors.push(...more.errors);
    missing = missing.filter((id) => stillDue.has(id) && !advanced.has(id));
  }
  return errors;
}

/**
 * Moves the clock to `target` event by event — each planned rotation start of a running test,
 * each end date, each quota-deferral end, each final-figures deadline, each 10-minute view
 * sample and each daily collection at 01:30 Los Angeles time — and at each one runs what the
 * workers would: the tick's enqueue and the advance handler for every queued test, then the view
 * sampling and the daily collection when they are due. Failures are reported, not thrown, as a
 * worker would log them and go on.
 */
export async function fastForward(
  ctx: EngineContext,
  clock: ControllableClock,
  target: Date,
  options: {
    /** Called at each instant the clock stops at, before any job runs there. */
    onMove?: (at: Date) => Promise<void>;
  } = {},
): Promise<FastForwardReport> {
  const from = clock.now();
  const failures: JobFailure[] = [];
  const record = (queue: string, errors: unknown[]) => {
    for (const error of errors) failures.push({ queue, at: clock.now(), error });
  };
  const handler = async (queue: string, run: () => Promise<unknown>) => {
    try {
      await run();
    } catch (error) {
      record(queue, [error]);
    }
  };

  record(ADVANCE_QUEUE, await catchUp(ctx));
  let steps = 0;
  while (clock.now() < target) {
    if (steps >= MAX_STEPS) throw new Error(`Fast-forward stopped after ${MAX_STEPS} steps.`);
    const { at, kinds } = await nextEvent(ctx, clock.now(), target);
    if (at > clock.now()) clock.set(at);
    await options.onMove?.(clock.now());
    steps += 1;
    record(ADVANCE_QUEUE, await catchUp(ctx));
    if (kinds.has('sample')) {
      await handler(sampleViewsJob.name, () => sampleViewCounts(ctx));
      // The admission pass runs on the sampling's 10-minute beat, as its schedule does.
      if (!ctx.holding) await handler(admissionJob.name, () => admitQueuedTests(ctx));
    }
    if (kinds.has('daily')) {
      let decisionsDue: string[] = [];
      await handler(dailyMetricsJob.name, async () => {
        decisionsDue = (await collectDailyMetrics(ctx)).decisionsDue;
      });
      // Decisions the new figures made due (queued for the workers; a holding context runs its own).
      if (ctx.holding) record(ADVANCE_QUEUE, await advanceHeld(ctx, decisionsDue));
      record(ADVANCE_QUEUE, await catchUp(ctx));
    }
  }
  return { from, to: clock.now(), steps, failures };
}
