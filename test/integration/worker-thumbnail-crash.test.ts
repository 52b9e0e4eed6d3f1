import { createHash } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  quotaLedger,
  rotations,
  simClock,
  simQuotaUsage,
  simThumbnails,
  titleTests,
  titleVariants,
} from '../../db/schema';
import { TICK_GRACE_MS } from '../../src/title-tests/engine/due-tests';
import { ADVANCE_QUEUE, TICK_QUEUE } from '../../src/title-tests/engine/title-tests.jobs';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { bearerCreator, twoHourThumbnailTest, solidPicture, uploadImage } from '../helpers/thumbnail-uploads';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  buildWorkerBundle,
  startJobSupervisor,
  startWorkerProcess,
  workerEnvironment,
  type WorkerProcess,
} from '../helpers/worker-process';

/**
 * The real worker process (`npm run worker`'s bundle) dies by SIGKILL at the one moment a
 * thumbnail switch cannot be re-derived from the database: thumbnails.set has answered, the slot
 * is not recorded (docs/decisions/0036). The crash-test seam TITLEWISE_TEST_SIGKILL_AFTER_THUMBNAIL_SET
 * makes the worker kill itself there. A new worker, without the seam, must then finish the slot
 * from the request marker and what the simulator serves: one thumbnails.set in all, the slot
 * applied once, the database's live fingerprint that of the served image. The simulator serves
 * uploaded bytes exactly, so the new worker recognises the wanted image as live; the branch that
 * trusts the marker alone (a re-encoded copy on YouTube, decision 0036) is not reached here.
 *
 * As in worker-crash.test.ts, the web process (app and simulator) runs here with workers off; the
 * test moves the deployment's clock (sim_clock) and fires the minute tick instead of waiting for
 * the cron, and the advance queue has a 10-second heartbeat so pg-boss takes the dead worker's job
 * back in seconds. Needs PostgreSQL: a second process cannot open embedded PGlite.
 */

const database = inject('testDatabase');
const ACCOUNT = 'sim-priya';
/** Past a slot's start by more than the tick's grace, so the tick enqueues it. */
const PAST_GRACE_MS = TICK_GRACE_MS + 5_000;
const POLL_MS = 50;
const STEP_TIMEOUT_MS = 20_000;
const SEAM = { TITLEWISE_TEST_SIGKILL_AFTER_THUMBNAIL_SET: '1' };

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(database.kind === 'pglite')(
  'worker killed (SIGKILL) between thumbnails.set and its record (PostgreSQL only)',
  () => {
    let testApp: TestApp;
    let supervisor: PgBoss;
    let worker: WorkerProcess | null = null;

    beforeAll(async () => {
      const [app] = await Promise.all([startTestApp(), buildWorkerBundle()]);
      testApp = app;
      const { config } = testApp.built.app;
      if (config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      supervisor = await startJobSupervisor(config.database.url);
    }, 600_000);

    afterAll(async () => {
      await worker?.kill();
      await supervisor?.stop({ graceful: false });
      testApp?.built.fastify.server.closeAllConnections();
      await testApp?.close();
    });

    it('sets the slot’s image exactly once when the worker process dies right after thumbnails.set', async () => {
      const { app } = testApp.built;
      const { db, config } = app;
      const videoId = simulatedVideoId(ACCOUNT, 1);
      for (const queue of [ADVANCE_QUEUE, TICK_QUEUE])
        await testApp.built.boss.updateQueue(queue, { heartbeatSeconds: 10 });

      // The creator, their image (1280 × 720 JPEG) and a thumbnail test of it against the original.
      const creator = await bearerCreator(testApp, ACCOUNT);
      const imageBytes = await solidPicture({ r: 250, g: 200, b: 20 });
      const uploaded = await uploadImage(testApp, creator, imageBytes);
      const created = await creator.post('/api/tests', twoHourThumbnailTest(videoId, [uploaded.id]));
      const { id: testId, error } = (await created.json()) as { id: string; error?: string };
      expect(created.status, error).toBe(201);

      const slots = await db
        .select({
          id: rotations.id,
          slot: rotations.slot,
          plannedStart: rotations.plannedStart,
          imageId: titleVariants.thumbnailImageId,
        })
        .from(rotations)
        .innerJoin(titleVariants, eq(titleVariants.id, rotations.variantId))
        .where(eq(rotations.testId, testId))
        .orderBy(asc(rotations.slot));
      const slotState = async (rotationId: string) => {
        const [row] = await db
          .select({ status: rotations.status, requestedAt: rotations.thumbnailRequestedAt })
          .from(rotations)
          .where(eq(rotations.id, rotationId));
        return row!;
      };
      /** What the simulator received: thumbnails.set calls it charged, images it stored for the video. */
      const simulatorWrites = async () => {
        const [[charged], [stored]] = await Promise.all([
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(simQuotaUsage)
            .where(eq(simQuotaUsage.method, 'thumbnails.set')),
          db
            .select({ n: sql<number>`count(*)::int` })
            .from(simThumbnails)
            .where(eq(simThumbnails.videoId, videoId)),
        ]);
        return { charged: charged!.n, stored: stored!.n };
      };
      /** Moves the deployment's clock, waits until the worker can see the move, and fires the tick. */
      const moveClockAndTick = async (to: Date) => {
        testApp.clock.set(to);
        const offset = testApp.clock.offsetMs();
        for (;;) {
          const [row] = await db.select({ offsetMs: simClock.offsetMs }).from(simClock);
          if (row && row.offsetMs >= offset) break;
          await pause(POLL_MS);
        }
        await app.boss.send(TICK_QUEUE, {});
      };

      // The worker with the seam; slot by slot until it kills itself (the lead-in keeps the
      // original image for a day or two while the video's counter is read, so the first switch
      // comes at the first window or later).
      const env = workerEnvironment(config);
      worker = startWorkerProcess({ ...env, ...SEAM });
      const crashing = worker;
      await crashing.ready;
      let exited: string | null = null;
      void crashing.exited.then((signal) => (exited = signal));
      let crashedSlot: (typeof slots)[number] | null = null;
      for (const slot of slots) {
        await moveClockAndTick(new Date(slot.plannedStart.getTime() + PAST_GRACE_MS));
        const deadline = Date.now() + STEP_TIMEOUT_MS;
        while (exited === null && (await slotState(slot.id)).status !== 'applied') {
          if (Date.now() > deadline) throw new Error(`slot ${slot.slot} not applied\n${crashing.output()}`);
          await pause(POLL_MS);
        }
        if (exited !== null) {
          crashedSlot = slot;
          break;
        }
      }
      expect(await crashing.exited).toBe('SIGKILL');
      expect(crashedSlot, 'the worker died at a slot').not.toBeNull();
      const crashed = crashedSlot!;
      // It died at the first switch to the uploaded image: the set was marked and sent, not recorded.
      expect(crashed.imageId).toBe(uploaded.id);
      const atCrash = await slotState(crashed.id);
      expect(atCrash.status).toBe('planned');
      expect(atCrash.requestedAt).not.toBeNull();
      expect(await simulatorWrites()).toEqual({ charged: 1, stored: 1 });

      // A new worker, without the seam, finishes the slot once pg-boss has taken the dead
      // worker's job back (lost heartbeat) and the next tick enqueues the test again.
      worker = startWorkerProcess(env);
      const resumed = worker;
      await resumed.ready;
      /** Rows of a raw query, whatever shape the driver returns them in. */
      const rowsOf = async <Row>(query: SQL): Promise<Row[]> => {
        const result: unknown = await db.execute(query);
        return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Row[];
      };
      const released = async () =>
        (
          await rowsOf<{ n: number }>(
            sql`select count(*)::int as n from pgboss.job
                where name = ${ADVANCE_QUEUE} and state in ('retry', 'failed')`,
          )
        )[0]!.n;
      let ticked = false;
      const deadline = Date.now() + 40_000;
      while ((await slotState(crashed.id)).status !== 'applied') {
        if (Date.now() > deadline) {
          const jobs = await rowsOf(sql`select name, state, start_after from pgboss.job order by created_on`);
          throw new Error(`slot ${crashed.slot} not resumed\n${resumed.output()}\n${JSON.stringify(jobs)}`);
        }
        await supervisor.supervise(ADVANCE_QUEUE);
        if (!ticked && (await released()) > 0) {
          await app.boss.send(TICK_QUEUE, {});
          ticked = true;
        }
        await pause(250);
      }
      const stopped = await resumed.stop();
      worker = null;
      expect(stopped).toBe('exit 0');
      const errorLines = [crashing.output(), resumed.output()]
        .flatMap((output) => output.split('\n'))
        .filter((line) => /"level":(5\d|60)/.test(line));
      expect(errorLines).toEqual([]);

      // Exactly one thumbnails.set for the slot, in the simulator and in Titlewise's own ledger.
      expect(await simulatorWrites()).toEqual({ charged: 1, stored: 1 });
      const ledger = await db.select().from(quotaLedger).where(eq(quotaLedger.method, 'thumbnails.set'));
      expect(ledger).toHaveLength(1);
      // The slot applied once; the test runs on, knowing the image YouTube serves.
      const [test] = await db.select().from(titleTests).where(eq(titleTests.id, testId));
      expect(test!.status).toBe('active');
      expect(test!.lastError).toBeNull();
      expect(test!.currentSlot).toBe(crashed.slot);
      const applied = await db
        .select({ slot: rotations.slot })
        .from(rotations)
        .where(and(eq(rotations.testId, testId), eq(rotations.status, 'applied')));
      expect(applied.map((row) => row.slot)).toContain(crashed.slot);
      expect(applied.every((row) => row.slot <= crashed.slot)).toBe(true);
      const simulator = new URL(config.google.endpoints.tokenUrl).origin;
      const served = await fetch(`${simulator}/vi/${videoId}/maxres.jpg`);
      expect(served.status).toBe(200);
      const servedBytes = Buffer.from(await served.arrayBuffer());
      expect(servedBytes.equals(uploaded.stored)).toBe(true);
      expect(test!.liveThumbnailSha256).toBe(createHash('sha256').update(servedBytes).digest('hex'));
    });
  },
);
