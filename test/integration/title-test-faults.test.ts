import { and, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  channelConnections,
  rotations,
  simTitleHistory,
  simTokens,
  simVideos,
  titleTests,
} from '../../db/schema';
import type { EngineContext } from '../../src/title-tests/engine/engine-context';
import { nextPacificMidnight } from '../../src/time/pacific';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { hoursToFirstWindow } from '../helpers/planned-windows';
import { liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';

let testApp: TestApp;
let creator: HttpClient;
const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 1);

beforeAll(async () => {
  testApp = await startTestApp({ YOUTUBE_RETRY_BASE_DELAY_MS: '0', YOUTUBE_MAX_ATTEMPTS: '2' });
  creator = await demoCreator(testApp);
});
afterAll(async () => {
  await testApp.close();
});
beforeEach(async () => {
  testApp.simulator!.faults.clear();
  await testApp.built.app.db.update(channelConnections).set({ status: 'connected', statusReason: null });
  // Each scenario starts from no running test (the demo account's free plan allows one).
  const running = await testApp.built.app.db.select().from(titleTests);
  for (const test of running.filter((row) => ['active', 'paused', 'scheduled'].includes(row.status))) {
    await creator.post(`/api/tests/${test.id}/cancel`);
  }
  expect(await runDueWork(testApp)).toEqual([]);
});

async function startTest(titles: string[]) {
  const response = await creator.post('/api/tests', {
    videoId,
    titles,
    // 2-hour windows: an unmeasured channel's views are allowed an hour to follow a switch.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
  });
  const body = (await response.json()) as { id: string; error?: string };
  expect(response.status, body.error).toBe(201);
  return body.id;
}

async function appliedRotations(testId: string) {
  return testApp.built.app.db
    .select()
    .from(rotations)
    .where(and(eq(rotations.testId, testId), eq(rotations.status, 'applied')));
}

async function titleWritesSince(since: Date) {
  return testApp.built.app.db
    .select()
    .from(simTitleHistory)
    .where(and(eq(simTitleHistory.videoId, videoId), gte(simTitleHistory.since, since)));
}

function crashOnce(point: 'afterTitleWrite' | 'beforeCommit'): EngineContext {
  let crashed = false;
  return {
    ...testApp.built.app,
    hooks: {
      [point]: () => {
        if (crashed) return;
        crashed = true;
        throw new Error(`injected crash: ${point}`);
      },
    },
  };
}

describe('exactly one rotation per slot, whatever crashes', () => {
  for (const point of ['afterTitleWrite', 'beforeCommit'] as const) {
    it(`converges after a crash at ${point}`, async () => {
      const since = testApp.clock.now();
      const testId = await startTest([`Crash ${point} A`, `Crash ${point} B`]);
      const errors = await runDueWork(testApp, crashOnce(point));
      expect(errors.map(String)).toEqual([`Error: injected crash: ${point}`]);
      // The retry (another delivery of the test's job) found YouTube already showing the slot's
      // title: it recorded the slot without writing the title a second time.
      expect((await liveVideo(testApp, videoId)).title).toBe(`Crash ${point} A`);
      expect(await appliedRotations(testId)).toHaveLength(1);
      expect(await titleWritesSince(since)).toHaveLength(1);
      expect(await runDueWork(testApp)).toEqual([]);
      expect(await appliedRotations(testId)).toHaveLength(1);

      // And the chain goes on: through the lead-in (the first title live while the video's counter
      // is read) and the first windows' switches, one applied slot per slot, live title equal to
      // the database's.
      await runFor(testApp, (await hoursToFirstWindow(testApp, testId)) + 5);
      const applied = await appliedRotations(testId);
      expect(applied.length).toBeGreaterThanOrEqual(3);
      const slots = applied.map((rotation) => rotation.slot);
      expect(new Set(slots).size).toBe(slots.length);
      const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
      const current = applied.find((rotation) => rotation.slot === test!.currentSlot)!;
      const variants = await testApp.built.app.db.query.titleVariants.findMany({
        where: (v, { eq: is }) => is(v.testId, testId),
      });
      expect((await liveVideo(testApp, videoId)).title).toBe(
        variants.find((v) => v.id === current.variantId)!.title,
      );
      // A day and a half of 10-minute passes through the real jobs: a guard against a hang, not a
      // measure (a CI run on a loaded machine took over 30 s).
    }, 600_000);
  }
});

describe('YouTube faults', () => {
  it('defers rotations to the Pacific-midnight reset when the quota is exhausted, and says so', async () => {
    const testId = await startTest(['Quota A', 'Quota B']);
    await runDueWork(testApp);
    testApp.simulator!.faults.inject('data', 'quotaExceeded', 1);
    // Move to the next planned switch (a lead-in can last a few hours), where YouTube is called.
    const planned = (
      await testApp.built.app.db
        .select()
        .from(rotations)
        .where(and(eq(rotations.testId, testId), eq(rotations.status, 'planned')))
    ).sort((a, b) => a.slot - b.slot)[0]!;
    testApp.clock.set(new Date(planned.plannedStart.getTime() + 60_000));
    expect(await runDueWork(testApp)).toEqual([]);
    const [deferred] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
    expect(deferred!.deferredUntil?.toISOString()).toBe(
      nextPacificMidnight(testApp.clock.now()).toISOString(),
    );
    expect(deferred!.statusReason).toMatch(/quota is used up.*resets at/);
    const appliedBefore = (await appliedRotations(testId)).length;

    const tests = (await (await creator.get('/api/tests')).json()) as Array<{
      id: string;
      statusReason: string;
    }>;
    expect(tests.find((test) => test.id === testId)!.statusReason).toMatch(/quota/);

    const hoursToReset = Math.ceil(
      (deferred!.deferredUntil!.getTime() - testApp.clock.now().getTime()) / 3_600_000,
    );
    if (hoursToReset > 1) {
      await runFor(testApp, hoursToReset - 1);
      expect((await appliedRotations(testId)).length).toBe(appliedBefore);
    }
    await runFor(testApp, 2);
    expect((await appliedRotations(testId)).length).toBeGreaterThan(appliedBefore);
    const [resumed] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
    expect(resumed!.statusReason).toBeNull();
  });

  it('pauses the tests and marks the channel disconnected when Google answers invalid_grant', async () => {
    const testId = await startTest(['Grant A', 'Grant B']);
    await runDueWork(testApp);
    await testApp.built.app.db
      .update(simTokens)
      .set({ revoked: true })
      .where(eq(simTokens.accountId, DEMO_ACCOUNT_ID));
    await runFor(testApp, 2); // the access token expires after an hour; its refresh is refused
    const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
    expect(test!.status).toBe('paused');
    expect(test!.statusReason).toMatch(/Sign in with Google again/);
    const [connection] = await testApp.built.app.db.select().from(channelConnections);
    expect(connection!.status).toBe('disconnected');
    const me = (await (await creator.get('/api/auth/me')).json()) as { channelStatus: string };
    expect(me.channelStatus).toBe('disconnected');
    // Reconnect for the next scenarios.
    await testApp.built.app.db
      .update(simTokens)
      .set({ revoked: false })
      .where(eq(simTokens.accountId, DEMO_ACCOUNT_ID));
  });

  it('pauses only the test, and keeps the channel connected, when YouTube refuses to change its video (403 forbidden)', async () => {
    const testId = await startTest(['Forbidden A', 'Forbidden B']);
    await runDueWork(testApp);
    // The video passes to another channel (as after a transfer between brand accounts): YouTube
    // still shows it, but answers 403 forbidden to this channel's title writes.
    await testApp.built.app.db
      .update(simVideos)
      .set({ accountId: 'sim-alex' })
      .where(eq(simVideos.id, videoId));
    try {
      // Through the lead-in and the first block of windows (two 2-hour windows, one of them Title
      // 2's): the first switch away from Title 1 writes the title.
      await runFor(testApp, (await hoursToFirstWindow(testApp, testId)) + 5);
      const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
      expect(test!.status).toBe('paused');
      expect(test!.statusReason).toMatch(/refused to change this video/);
      const [connection] = await testApp.built.app.db.select().from(channelConnections);
      expect(connection!.status).toBe('connected');
    } finally {
      await testApp.built.app.db
        .update(simVideos)
        .set({ accountId: DEMO_ACCOUNT_ID })
        .where(eq(simVideos.id, videoId));
    }
  }, 600_000);

  it('retries transient failures, shows the error while failing, and recovers', async () => {
    const testId = await startTest(['Flaky A', 'Flaky B']);
    // Two deliveries of the job (the chain's and the tick's), each trying twice inside the gateway.
    testApp.simulator!.faults.inject('data', 'backendError', 4);
    const errors = await runDueWork(testApp);
    expect(errors.map(String)).toEqual(
      Array(2).fill('TransientError: YouTube is not answering right now. Please try again in a few minutes.'),
    );
    const [failing] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
    expect(failing!.lastError).toMatch(/YouTube did not answer/);
    expect(await runDueWork(testApp)).toEqual([]);
    const [recovered] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
    expect(recovered!.lastError).toBeNull();
    expect((await liveVideo(testApp, videoId)).title).toBe('Flaky A');
  });
});
