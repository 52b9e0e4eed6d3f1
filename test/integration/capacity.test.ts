import { and, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, quotaLedger, titleTests, users } from '../../db/schema';
import { alertAdminsNearCapacity } from '../../src/admin/capacity-alert';
import { loadCapacityState } from '../../src/capacity/capacity-state';
import { recordQuotaUse } from '../../src/youtube/quota-ledger';
import { nextPacificMidnight, pacificDay } from '../../src/time/pacific';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { plannedWindows } from '../helpers/planned-windows';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { fastForwardTo, liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';
import { control } from '../helpers/youtube-gateway';
import { planLimitMessage } from '../../src/shared/plans';

// Issue 23: the YouTube quota as a planned, fairly shared resource. On the default 10,000 units,
// with the simulator's ledger: the projection of a day is what the day really spends, an account
// that fills its cap queues its next test while another account's test still starts, and a queued
// test starts by itself when capacity frees.

let testApp: TestApp;
let alex: HttpClient;
let sam: HttpClient;
let priya: HttpClient;
const db = () => testApp.built.app.db;

interface CreatedTest {
  id: string;
  status: string;
  expectedStartAt: string | null;
}

beforeAll(async () => {
  testApp = await startTestApp({ YOUTUBE_DAILY_QUOTA: '10000' });
  // A minute after Pacific midnight: the day about to be projected starts here.
  testApp.clock.set(new Date(nextPacificMidnight(testApp.clock.now()).getTime() + 60_000));
  alex = await googleCreator(testApp, 'sim-alex');
  sam = await googleCreator(testApp, 'sim-sam');
  priya = await googleCreator(testApp, 'sim-priya');
  await db()
    .update(users)
    .set({ subscriptionTier: 'authority' })
    .where(eq(users.email, 'alex.rivera@example.com'));
  await db().update(users).set({ subscriptionTier: 'pro' }).where(eq(users.email, 'sam.chen@example.com'));
});
afterAll(async () => {
  await testApp.close();
});

async function create(
  client: HttpClient,
  account: string,
  video: number,
  shape: { rotationIntervalMinutes: number; winnerMetric: 'views' | 'ctr' },
  days = 14,
): Promise<CreatedTest> {
  const response = await client.post('/api/tests', {
    videoId: simulatedVideoId(account, video),
    titles: ['Capacity title A', 'Capacity title B'],
    endDate: new Date(testApp.clock.now().getTime() + days * 86_400_000).toISOString(),
    // Capacity is about units, not verdicts: a small video's weak plan is accepted, and a test
    // runs its length rather than stop at a daily look that names a winner.
    acknowledgeWeakPlan: true,
    runToEnd: true,
    ...shape,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CreatedTest;
}

const fourHourly = { rotationIntervalMinutes: 240, winnerMetric: 'views' as const };
const twoHourly = { rotationIntervalMinutes: 120, winnerMetric: 'views' as const };
const dailyCtr = { rotationIntervalMinutes: 1440, winnerMetric: 'ctr' as const };

async function engineUnitsOn(day: string): Promise<number> {
  const [row] = await db()
    .select({ units: sum(quotaLedger.units) })
    .from(quotaLedger)
    .where(and(eq(quotaLedger.day, day), eq(quotaLedger.purpose, 'engine'), eq(quotaLedger.sandbox, false)));
  return Number(row?.units ?? 0);
}

describe('the projection of a day and its ledger', () => {
  it('agree within 5% over a simulated day with a mix of shapes', async () => {
    // 2-hour windows are the shortest a channel whose lag is not yet measured may use.
    const created = [
      await create(alex, 'sim-alex', 0, twoHourly),
      await create(alex, 'sim-alex', 1, fourHourly),
      await create(alex, 'sim-alex', 2, dailyCtr),
      await create(sam, 'sim-sam', 0, twoHourly),
      await create(sam, 'sim-sam', 1, dailyCtr),
    ];
    // The views tests first read their videos' counters for a day with Title 1 live, the daily
    // ones wait for Pacific midnight: the day projected is the first whole one on which every test
    // switches.
    const firstSwitches = await Promise.all(
      created.map(async (test) => (await plannedWindows(testApp, test.id))[0]!.plannedStart.getTime()),
    );
    await fastForwardTo(
      testApp,
      new Date(nextPacificMidnight(new Date(Math.max(...firstSwitches) - 1)).getTime() + 60_000),
    );
    const day = pacificDay(testApp.clock.now());
    const state = await loadCapacityState(testApp.built.app);
    const projected = state.engineSpentToday + state.engineRemainingToday;
    await fastForwardTo(testApp, new Date(nextPacificMidnight(testApp.clock.now()).getTime() - 1));
    const spent = await engineUnitsOn(day);
    // A day of real switching (about 1,400 units: half the 2-hourly windows change the title).
    expect(spent).toBeGreaterThan(1_000);
    expect(
      Math.abs(spent - projected) / spent,
      `projected ${projected}, ledger ${spent}`,
    ).toBeLessThanOrEqual(0.05);
    // Two or three simulated days of rotations and samples: about 40 s on a quiet machine.
  }, 600_000);
});

describe('shares and the queue', () => {
  it('queues the next test of an account at its cap, with an expected start, while another account starts', async () => {
    // Alex (Authority) already reserves a 2-hourly, a 4-hourly and a daily test: about 1,128 of his
    // 1,771 units. One more 2-hourly test (about 666) waits for his own tests to end. The dialog
    // says so before, with what it can do about it: its days count from its start, and 4-hour
    // windows (less quota) would start now (issue 36, item 8).
    const line = (await (
      await alex.get('/api/capacity?rotationIntervalMinutes=120&winnerMetric=views&durationDays=14')
    ).json()) as { decision: string; message: string };
    expect(line.decision).toBe('queue');
    expect(line.message).toBe(
      'It would wait for capacity (your running tests already reserve most of your account’s share) and start by itself when there is room; its 14 days count from that start. Rotating every 4 hours it would start now (the plan says what that interval can find).',
    );
    const waiting = await create(alex, 'sim-alex', 3, twoHourly);
    expect(waiting.status).toBe('queued');
    expect(waiting.expectedStartAt).not.toBeNull();
    const earliestEnd = await db()
      .select({ endDate: titleTests.endDate })
      .from(titleTests)
      .where(eq(titleTests.status, 'active'));
    // It first reads its video's counter for its plan's calibration hours, holding little of his
    // share (src/capacity/holdings.ts): it is expected to start that long before the first of his
    // tests ends, so that its first switch comes as that test's units free.
    const [stored] = await db()
      .select({ forecast: titleTests.forecast })
      .from(titleTests)
      .where(eq(titleTests.id, waiting.id));
    const readHours = (stored!.forecast as { calibrationHours: number }).calibrationHours;
    expect(readHours).toBeGreaterThan(0);
    expect(new Date(waiting.expectedStartAt!).getTime()).toBe(
      Math.min(...earliestEnd.map((row) => row.endDate.getTime())) - readHours * 3_600_000,
    );
    // Priya (Free) comes after the busy Authority account: her 2-hourly test starts at once.
    const priyaTest = await create(priya, 'sim-priya', 0, twoHourly);
    expect(priyaTest.status).toBe('active');

    // The card says where it stands, and nothing changed on YouTube.
    const listed = (await (await alex.get('/api/tests')).json()) as CreatedTest[];
    expect(listed.find((test) => test.id === waiting.id)).toMatchObject({ status: 'queued' });
    const video = await liveVideo(testApp, simulatedVideoId('sim-alex', 3));
    expect(video.title).not.toMatch(/Capacity title/);
  });

  it('starts a queued test by itself when its account’s units free, and tells the creator', async () => {
    const [queued] = await db().select().from(titleTests).where(eq(titleTests.status, 'queued'));
    const [twoHourlyTest] = await db()
      .select()
      .from(titleTests)
      .where(and(eq(titleTests.videoId, simulatedVideoId('sim-alex', 0)), eq(titleTests.status, 'active')));
    expect((await alex.post(`/api/tests/${twoHourlyTest!.id}/cancel`)).status).toBe(200);
    await runFor(testApp, 0.5);
    const [started] = await db().select().from(titleTests).where(eq(titleTests.id, queued!.id));
    expect(started!.status).toBe('active');
    expect(started!.expectedStartAt).toBeNull();
    // It keeps the length asked for, from the moment it started.
    expect(started!.endDate.getTime() - started!.startDate.getTime()).toBe(
      queued!.endDate.getTime() - queued!.startDate.getTime(),
    );
    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.kind, 'test-started'), eq(notifications.testId, queued!.id)));
    expect(told).toHaveLength(1);
  });

  it('cancels a waiting test without touching YouTube', async () => {
    // Sam (Pro) fills his cap with 2-hourly tests until one waits.
    let waiting: CreatedTest | null = null;
    for (let video = 2; video < 6 && !waiting; video += 1) {
      const created = await create(sam, 'sim-sam', video, twoHourly);
      if (created.status === 'queued') waiting = created;
    }
    expect(waiting).not.toBeNull();
    const unitsBefore = await engineUnitsOn(pacificDay(testApp.clock.now()));
    expect((await sam.post(`/api/tests/${waiting!.id}/cancel`)).status).toBe(200);
    const [cancelled] = await db().select().from(titleTests).where(eq(titleTests.id, waiting!.id));
    expect(cancelled).toMatchObject({ status: 'cancelled', appliedTitle: cancelled!.originalTitle });
    await runDueWork(testApp);
    expect(await engineUnitsOn(pacificDay(testApp.clock.now()))).toBe(unitsBefore);
  });
});

describe('fair caps (docs/decisions/0040)', () => {
  it('runs a test that holds over a quarter of its plan’s share 14 days at most: longer is refused with what fits, changing nothing', async () => {
    // Priya (Free) runs the 2-hourly test she started beside Alex's: 666 units a day, over a
    // quarter of the Free share (1,771), for 14 days.
    const [running] = await db()
      .select()
      .from(titleTests)
      .where(and(eq(titleTests.videoId, simulatedVideoId('sim-priya', 0)), eq(titleTests.status, 'active')));
    const holdRule = /over 25% of the Free plan’s share.*runs at most 14 days.*windows of 4 hours or longer/;

    const later = new Date(running!.endDate.getTime() + 3 * 86_400_000).toISOString();
    const extended = await priya.post(`/api/tests/${running!.id}/extend`, { endDate: later });
    expect(extended.status).toBe(400);
    expect(((await extended.json()) as { error: string }).error).toMatch(holdRule);
    const [kept] = await db().select().from(titleTests).where(eq(titleTests.id, running!.id));
    expect(kept!.endDate).toEqual(running!.endDate);

    expect((await priya.post(`/api/tests/${running!.id}/cancel`)).status).toBe(200);
    // The create dialog's capacity line says it before, and creation refuses it.
    const line = (await (
      await priya.get('/api/capacity?rotationIntervalMinutes=120&winnerMetric=views&durationDays=21')
    ).json()) as { decision: string; message: string };
    expect(line.decision).toBe('refuse');
    expect(line.message).toMatch(holdRule);
    const before = await db().select().from(titleTests);
    const refused = await priya.post('/api/tests', {
      videoId: simulatedVideoId('sim-priya', 1),
      titles: ['Capacity title A', 'Capacity title B'],
      endDate: new Date(testApp.clock.now().getTime() + 21 * 86_400_000).toISOString(),
      acknowledgeWeakPlan: true,
      ...twoHourly,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(holdRule);
    expect(await db().select().from(titleTests)).toHaveLength(before.length);
    // Windows of 4 hours hold less than a quarter of the share: any length.
    expect((await create(priya, 'sim-priya', 1, fourHourly, 21)).status).toBe('active');

    // Her Free plan runs one test at a time: the create dialog's capacity line says so before any
    // work, in the words creating would answer (issue 36, item 1).
    const atLimit = (await (
      await priya.get('/api/capacity?rotationIntervalMinutes=1440&winnerMetric=ctr&durationDays=14')
    ).json()) as { decision: string; message: string; testLimit: { running: number; limit: number } };
    expect(atLimit).toMatchObject({ decision: 'refuse', testLimit: { running: 1, limit: 1 } });
    expect(atLimit.message).toBe(planLimitMessage('free', 1));
    const refusedAtLimit = await priya.post('/api/tests', {
      videoId: simulatedVideoId('sim-priya', 2),
      titles: ['Capacity title A', 'Capacity title B'],
      acknowledgeWeakPlan: true,
      ...dailyCtr,
    });
    expect(refusedAtLimit.status).toBe(403);
    expect(((await refusedAtLimit.json()) as { error: string }).error).toBe(atLimit.message);
  });
});

describe('near the limit', () => {
  it('e-mails the admins once a day when the forecast reaches 80%, and the console shows it', async () => {
    await db().update(users).set({ isAdmin: true }).where(eq(users.email, 'alex.rivera@example.com'));
    const overview: unknown = await (await alex.get('/api/admin/capacity')).json();
    expect(overview).toMatchObject({ quotaUnits: 10_000, queue: { length: 0 } });
    expect(await alertAdminsNearCapacity(testApp.built.app)).toEqual([]);
    // Google charged more than planned today: the forecast passes 80%.
    const at = testApp.clock.now();
    for (let spent = 0; spent < 8_000; spent += 50)
      await recordQuotaUse(db(), { method: 'videos.update', at });
    expect(await alertAdminsNearCapacity(testApp.built.app)).toEqual(['alex.rivera@example.com']);
    expect(await alertAdminsNearCapacity(testApp.built.app)).toEqual([]);
    const mail = await control(testApp, 'GET', `/outbox?to=${encodeURIComponent('alex.rivera@example.com')}`);
    const subjects = (mail.body as unknown as Array<{ subject: string }>).map((entry) => entry.subject);
    expect(subjects.filter((subject) => /YouTube quota forecast at \d+% today/.test(subject))).toHaveLength(
      1,
    );
    const metrics = (await (await alex.get('/api/admin/metrics')).json()) as { platformHealth: string };
    expect(['Good', 'Degraded']).toContain(metrics.platformHealth);
    // A new test now waits for the reset rather than overrun today's quota.
    const waiting = await create(alex, 'sim-alex', 0, dailyCtr);
    expect(waiting.status).toBe('queued');
    expect(waiting.expectedStartAt).toBe(nextPacificMidnight(testApp.clock.now()).toISOString());
  });
});
