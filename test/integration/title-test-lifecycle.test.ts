import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rotations, simTitleHistory, titleTests } from '../../db/schema';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { hoursToFirstWindow } from '../helpers/planned-windows';
import { liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';

let testApp: TestApp;
let creator: HttpClient;
const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 0);

beforeAll(async () => {
  testApp = await startTestApp();
  creator = await demoCreator(testApp);
});
afterAll(async () => {
  await testApp.close();
});

interface TestView {
  id: string;
  status: string;
  appliedTitle: string | null;
  titles: string[];
  originalTitle: string;
  analytics: { totalViews: number; rotationsCount: number };
}

async function createTest(body: Record<string, unknown>): Promise<TestView> {
  const response = await creator.post('/api/tests', {
    videoId,
    // 2-hour windows: an unmeasured channel's views are allowed an hour to follow a switch.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    ...body,
  });
  const json = (await response.json()) as TestView & { error?: string };
  expect(response.status, json.error).toBe(201);
  return json;
}

describe('a title test over a simulated week', () => {
  it('rotates on the stored schedule, reports per-rotation figures, and leaves the winner live', async () => {
    const before = await liveVideo(testApp, videoId);
    const startViews = await testApp.built.app.youtube.getVideo(
      (await testApp.built.app.db.query.channelConnections.findFirst())!,
      videoId,
    );
    const created = await createTest({
      titles: ['Crispy Oven Fries, No Fryer', 'The Only Fries Recipe You Need', ''],
      // The week runs to its end date (a daily look could otherwise end it early with a winner).
      runToEnd: true,
    });
    expect(created.status).toBe('active');
    expect(created.titles).toEqual(['Crispy Oven Fries, No Fryer', 'The Only Fries Recipe You Need']);
    expect(created.originalTitle).toBe(before.title);

    // The first rotation happens at the start (the lead-in: Title 1 live while the video's counter
    // is read for two days before the schedule's first switch: docs/decisions/0058).
    expect(await runDueWork(testApp)).toEqual([]);
    expect((await liveVideo(testApp, videoId)).title).toBe('Crispy Oven Fries, No Fryer');

    await runFor(testApp, 7 * 24 + 2);

    const schedule = await testApp.built.app.db
      .select()
      .from(rotations)
      .where(eq(rotations.testId, created.id))
      .orderBy(asc(rotations.slot));
    const applied = schedule.filter((rotation) => rotation.status === 'applied');
    // The lead-in, then 2-hour windows for the five days after it.
    expect(schedule[0]).toMatchObject({ kind: 'lead-in', status: 'applied' });
    expect(schedule[0]!.plannedEnd.getTime() - schedule[0]!.plannedStart.getTime()).toBeGreaterThanOrEqual(
      48 * 3_600_000,
    );
    expect(applied.length).toBeGreaterThan(55);
    expect(schedule.filter((rotation) => rotation.status === 'planned')).toHaveLength(0);
    // Each slot was applied at (or within the hour after) its planned start, with its planned title.
    for (const rotation of applied) {
      expect(rotation.activatedAt!.getTime()).toBeGreaterThanOrEqual(rotation.plannedStart.getTime());
      expect(rotation.activatedAt!.getTime() - rotation.plannedStart.getTime()).toBeLessThanOrEqual(
        3_600_000,
      );
      expect(rotation.titleConfirmed).toBe(true);
    }
    // YouTube saw exactly one title write per change of title between consecutive slots.
    const variants = await testApp.built.app.db.query.titleVariants.findMany({
      where: (v, { eq: is }) => is(v.testId, created.id),
    });
    const titleOf = new Map(variants.map((variant) => [variant.id, variant.title]));
    const sequence = applied.map((rotation) => titleOf.get(rotation.variantId));
    const changes = sequence.filter((title, index) => index === 0 || title !== sequence[index - 1]).length;
    const history = await testApp.built.app.db
      .select()
      .from(simTitleHistory)
      .where(eq(simTitleHistory.videoId, videoId));
    const writesDuringTest = history.filter(
      (entry) => entry.since >= new Date(applied[0]!.activatedAt!.getTime() - 1000),
    );
    // One write per change, plus the final title when it differs from the last slot's.
    expect(writesDuringTest.length).toBeGreaterThanOrEqual(changes);
    expect(writesDuringTest.length).toBeLessThanOrEqual(changes + 1);

    const [ended] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, created.id));
    expect(ended!.status).toBe('completed');
    expect(ended!.appliedTitle).not.toBeNull();
    const after = await liveVideo(testApp, videoId);
    expect(after.title).toBe(ended!.appliedTitle);
    // Nothing but the title ever changed.
    expect(after.description).toBe(before.description);
    expect(after.tags).toEqual(before.tags);
    expect(after.categoryId).toBe(before.categoryId);
    expect(after.defaultLanguage).toBe(before.defaultLanguage);
    expect(after.defaultAudioLanguage).toBe(before.defaultAudioLanguage);

    const analytics = (await (await creator.get(`/api/tests/${created.id}/analytics`)).json()) as {
      rotationsCount: number;
      totalViews: number;
      nextRotationIn: number | null;
      currentTitle: string;
      rotationLogs: Array<{
        order: number;
        title: string;
        titleText: string;
        viewsAtRotation: number;
        durationMinutes: number;
        ctrSource: string;
        analysis: string;
        excludedBecause: string | null;
      }>;
    };
    expect(analytics.rotationsCount).toBe(applied.length);
    expect(analytics.nextRotationIn).toBeNull();
    expect(analytics.currentTitle).toBe(ended!.appliedTitle);
    expect(analytics.rotationLogs[0]).toMatchObject({
      order: 1,
      title: 'Title 1',
      titleText: 'Crispy Oven Fries, No Fryer',
    });
    expect(analytics.rotationLogs.every((log) => log.durationMinutes >= 0 && log.viewsAtRotation >= 0)).toBe(
      true,
    );
    // Views per rotation add up to the simulator's own counter over the test; Total Views is that
    // of the windows the verdict counts, so it leaves out the lead-in and the tail (and says so).
    const endViews = await testApp.built.app.youtube.getVideo(
      (await testApp.built.app.db.query.channelConnections.findFirst())!,
      videoId,
    );
    const counted = endViews!.viewCount - startViews!.viewCount;
    const everyRotation = analytics.rotationLogs.reduce((sum, log) => sum + log.viewsAtRotation, 0);
    expect(Math.abs(everyRotation - counted) / counted).toBeLessThan(0.02);
    const leftOut = analytics.rotationLogs.filter((log) => log.analysis === 'excluded');
    expect(leftOut.map((log) => log.excludedBecause)).toEqual(['lead-in', 'tail']);
    expect(analytics.totalViews).toBe(
      everyRotation - leftOut.reduce((sum, log) => sum + log.viewsAtRotation, 0),
    );

    // YouTube's daily figures (Analytics and reach reports) arrive days late; once pulled, CTR and
    // view duration appear per rotation, marked as Titlewise's estimate for sub-day windows.
    expect(await testApp.built.app.collectDaily!(created.id)).toBeGreaterThan(0);
    const withDaily = (await (await creator.get(`/api/tests/${created.id}/analytics`)).json()) as {
      averageCtr: number | null;
      rotationLogs: Array<{
        ctrAtRotation: number | null;
        ctrSource: string;
        averageViewDuration: number | null;
        durationSource: string;
      }>;
      dataNotes: { ctrSource: string };
    };
    const measuredDays = withDaily.rotationLogs.filter((log) => log.ctrAtRotation !== null);
    expect(measuredDays.length).toBeGreaterThan(24);
    expect(
      measuredDays.every(
        (log) => log.ctrSource === 'estimated' && log.ctrAtRotation! > 0.5 && log.ctrAtRotation! < 20,
      ),
    ).toBe(true);
    expect(
      withDaily.rotationLogs.some(
        (log) => log.averageViewDuration !== null && log.durationSource === 'estimated',
      ),
    ).toBe(true);
    expect(withDaily.dataNotes.ctrSource).toBe('estimated');
    expect(withDaily.averageCtr).toBeGreaterThan(0.5);

    const stats = (await (await creator.get('/api/dashboard/stats')).json()) as Record<string, number>;
    expect(stats).toMatchObject({ activeTests: 0, completedTests: 1 });
    expect(stats.totalViews).toBe(analytics.totalViews);
  }, 600_000);

  it('pauses, resumes, completes and cancels, keeping the live title honest', async () => {
    const original = (await liveVideo(testApp, videoId)).title;
    const test = await createTest({ titles: ['Fries A', 'Fries B', 'Fries C'] });
    await runDueWork(testApp);
    expect((await liveVideo(testApp, videoId)).title).toBe('Fries A');
    // Into the schedule's windows (past any lead-in before the first switch).
    await runFor(testApp, (await hoursToFirstWindow(testApp, test.id)) + 1);
    const live = (await liveVideo(testApp, videoId)).title;

    const pausedAt = testApp.clock.now();
    const paused = await creator.post(`/api/tests/${test.id}/pause`);
    expect(paused.status).toBe(200);
    expect(((await paused.json()) as { test: TestView }).test.status).toBe('paused');
    await runFor(testApp, 8);
    expect((await liveVideo(testApp, videoId)).title).toBe(live); // paused: the current title stays

    const again = await creator.post(`/api/tests/${test.id}/pause`);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ error: 'Cannot pause a test that is paused.' });

    const resumedAt = testApp.clock.now();
    expect((await creator.post(`/api/tests/${test.id}/resume`)).status).toBe(200);
    await runFor(testApp, 8);
    const resumedRotations = await testApp.built.app.db
      .select()
      .from(rotations)
      .where(eq(rotations.testId, test.id));
    // Nothing rotated while paused; the windows that passed meanwhile are skipped, and rotation goes on after.
    const passedWhilePaused = resumedRotations.filter(
      (r) => r.plannedStart > pausedAt && r.plannedEnd <= resumedAt,
    );
    expect(passedWhilePaused.length).toBeGreaterThanOrEqual(3);
    expect(passedWhilePaused.every((rotation) => rotation.status === 'skipped')).toBe(true);
    expect(
      resumedRotations.filter((r) => r.activatedAt && r.activatedAt > resumedAt).length,
    ).toBeGreaterThanOrEqual(3);

    const cancelled = await creator.post(`/api/tests/${test.id}/cancel`);
    expect(cancelled.status).toBe(200);
    await runDueWork(testApp);
    // Cancel always puts the original title back.
    expect((await liveVideo(testApp, videoId)).title).toBe(original);
    expect((await creator.post(`/api/tests/${test.id}/resume`)).status).toBe(409);

    const second = await createTest({ titles: ['Fries D', 'Fries E'] });
    await runFor(testApp, 3);
    const completed = await creator.post(`/api/tests/${second.id}/complete`);
    expect(completed.status).toBe(200);
    await runDueWork(testApp);
    const [row] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, second.id));
    expect(row!.status).toBe('completed');
    expect(row!.appliedTitle).not.toBeNull();
    expect((await liveVideo(testApp, videoId)).title).toBe(row!.appliedTitle);
  });
});
