import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { metricSamples, rotations, simTitleHistory, titleTests, titleVariants } from '../../db/schema';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { demoCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { liveVideo } from '../helpers/title-test-driver';
import { control } from '../helpers/youtube-gateway';

let testApp: TestApp;
let creator: HttpClient;
const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 2);
const HOUR = 3_600_000;

beforeAll(async () => {
  testApp = await startTestApp();
  creator = await demoCreator(testApp);
});
afterAll(async () => {
  await testApp.close();
});

it('moving the simulator clock 6 hours at a time applies every slot of a views test, in order', async () => {
  const { db } = testApp.built.app;
  const startedAt = testApp.clock.now();
  const HOURS = 120;
  const endDate = new Date(startedAt.getTime() + HOURS * HOUR);
  const response = await creator.post('/api/tests', {
    videoId,
    titles: ['Fast-forward title A', 'Fast-forward title B'],
    // 2-hour windows: an unmeasured channel's views are allowed an hour to follow a switch.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    endDate: endDate.toISOString(),
    // To its end date, whatever a daily look reads.
    runToEnd: true,
  });
  const created = (await response.json()) as { id: string; error?: string };
  expect(response.status, created.error).toBe(201);

  // Nothing runs the queue but the clock moves themselves (workers are off in tests).
  for (let move = 0; move < HOURS / 6; move += 1) {
    const moved = await control(testApp, 'POST', '/clock/advance', { hours: 6 });
    expect(moved.status).toBe(200);
    expect(moved.body.steps).toBeGreaterThanOrEqual(6 * 6); // at least every 10-minute sample
    expect(moved.body.failures).toBe(0);
  }

  const schedule = await db
    .select({ rotation: rotations, title: titleVariants.title })
    .from(rotations)
    .innerJoin(titleVariants, eq(titleVariants.id, rotations.variantId))
    .where(eq(rotations.testId, created.id))
    .orderBy(asc(rotations.slot));
  // The calibration lead-in (Title 1 live while the counter is read, to a block boundary at least
  // 24 hours in), then the 2-hour windows to the end.
  expect(schedule[0]!.rotation.kind).toBe('lead-in');
  const leadInHours = (schedule[0]!.rotation.plannedEnd.getTime() - startedAt.getTime()) / HOUR;
  expect(leadInHours).toBeGreaterThanOrEqual(24);
  expect(schedule.length).toBe(1 + Math.ceil((HOURS - leadInHours) / 2));
  // Every slot was applied — none skipped or left planned — on time and in slot order.
  expect(schedule.filter(({ rotation }) => rotation.status !== 'applied')).toEqual([]);
  let previous = 0;
  for (const { rotation } of schedule) {
    const activatedAt = rotation.activatedAt!.getTime();
    expect(activatedAt).toBeGreaterThanOrEqual(rotation.plannedStart.getTime());
    expect(activatedAt - rotation.plannedStart.getTime()).toBeLessThan(60_000);
    expect(activatedAt).toBeGreaterThan(previous);
    previous = activatedAt;
  }

  // YouTube saw the schedule's titles in the schedule's order: one write per change of title.
  const history = await db
    .select()
    .from(simTitleHistory)
    .where(and(eq(simTitleHistory.videoId, videoId), gte(simTitleHistory.since, startedAt)))
    .orderBy(asc(simTitleHistory.since));
  const slotTitles = schedule.map(({ title }) => title);
  const changes = slotTitles.filter((title, index) => index === 0 || title !== slotTitles[index - 1]);
  const [ended] = await db.select().from(titleTests).where(eq(titleTests.id, created.id));
  const written = history.map((entry) => entry.title);
  expect(written.slice(0, changes.length)).toEqual(changes);
  expect(written.length).toBeLessThanOrEqual(changes.length + 1); // plus the final title, if it differs

  // The view counter was sampled every 10 minutes throughout, as the sampling job would.
  const samples = await db
    .select()
    .from(metricSamples)
    .where(
      and(
        eq(metricSamples.videoId, videoId),
        gte(metricSamples.sampledAt, startedAt),
        lte(metricSamples.sampledAt, endDate),
      ),
    )
    .orderBy(asc(metricSamples.sampledAt));
  expect(samples.length).toBeGreaterThanOrEqual(HOURS * 6 - 1);
  for (let index = 1; index < samples.length; index += 1) {
    const gap = samples[index]!.sampledAt.getTime() - samples[index - 1]!.sampledAt.getTime();
    expect(gap).toBeLessThanOrEqual(10 * 60_000 + 60_000);
  }

  // The test ended on its end date and its final title is live.
  expect(ended!.status).toBe('completed');
  expect(ended!.endedAt!.getTime() - endDate.getTime()).toBeLessThan(60_000);
  expect(ended!.appliedTitle).not.toBeNull();
  expect((await liveVideo(testApp, videoId)).title).toBe(ended!.appliedTitle);
}, 600_000);
