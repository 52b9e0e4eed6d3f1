import { TYPICAL_VIEWS_PER_DAY } from '../../src/statistics/forecast-inputs';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, rotations, titleTests, titleVariants, users } from '../../db/schema';
import { checkBalance, generateSchedule, type ScheduleSlot } from '../../src/statistics/schedule';
import { finalFiguresStatus } from '../../src/title-tests/figures/final-figures-status';
import { scheduleSegmentsOf, segmentSeed } from '../../src/title-tests/figures/verdict-inputs';
import { DEMO_ACCOUNT_ID } from '../../src/youtube-simulator/accounts';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { changedTables, errorMessageOf, watchDatabase } from '../helpers/api-operations';
import { demoCreator, googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { hoursToFirstWindow } from '../helpers/planned-windows';
import { fastForwardTo, liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';

// Issue 24, item 6: extending a test. A running test, or one waiting for its final figures, runs on
// to a later end: the slots that ran never change, a new segment of the schedule is drawn for the
// added time (seed `${scheduleSeed}/extension-1`), and the real jobs run it to the new end.
// Bad extensions change nothing. docs/decisions/0024-extending-a-test.md.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type RotationRow = typeof rotations.$inferSelect;

async function scheduleOf(testApp: TestApp, testId: string): Promise<RotationRow[]> {
  return testApp.built.app.db
    .select()
    .from(rotations)
    .where(eq(rotations.testId, testId))
    .orderBy(asc(rotations.slot));
}

async function testRow(testApp: TestApp, testId: string) {
  const [row] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, testId));
  return row!;
}

/** The stored slots as the schedule's own type, titles by variant position. */
async function asSlots(testApp: TestApp, testId: string, rows: RotationRow[]): Promise<ScheduleSlot[]> {
  const variants = await testApp.built.app.db
    .select()
    .from(titleVariants)
    .where(eq(titleVariants.testId, testId));
  const position = new Map(variants.map((variant) => [variant.id, variant.position]));
  return rows.map((row) => ({
    slot: row.slot,
    titleIndex: position.get(row.variantId)!,
    startsAt: row.plannedStart,
    endsAt: row.plannedEnd,
    kind: row.kind,
    block: row.block,
  }));
}

/** What a slot that ran (or was decided) keeps: nothing of it may change when the test is extended. */
const ranPart = (row: RotationRow) => ({
  slot: row.slot,
  segment: row.segment,
  kind: row.kind,
  block: row.block,
  variantId: row.variantId,
  plannedStart: row.plannedStart,
  plannedEnd: row.plannedEnd,
  status: row.status,
  activatedAt: row.activatedAt,
  viewsAtStart: row.viewsAtStart,
});

describe('extending a test on the demo channel', () => {
  let testApp: TestApp;
  let creator: HttpClient;

  beforeAll(async () => {
    testApp = await startTestApp();
    creator = await demoCreator(testApp);
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('extends a running test: earlier slots unchanged, the new segment balanced and run to the new end by the real jobs', async () => {
    const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 5);
    // An end off the hourly grid, so the first segment ends with a tail (a partial window). The
    // first two days are the calibration lead-in (the first title live while the video's counter is
    // read: docs/decisions/0058).
    const firstEnd = new Date(testApp.clock.now().getTime() + 120 * HOUR + 20 * 60_000);
    const created = await creator.post('/api/tests', {
      videoId,
      titles: ['Extend title A', 'Extend title B', 'Extend title C'],
      winnerMetric: 'views',
      // 2-hour windows: an unmeasured channel's views are allowed an hour to follow a switch.
      rotationIntervalMinutes: 120,
      endDate: firstEnd.toISOString(),
      // A short first run on purpose (it is about to be extended): its plan is weak.
      acknowledgeWeakPlan: true,
      // It runs on to be extended, whatever a daily look reads.
      runToEnd: true,
    });
    const test = (await created.json()) as { id: string; error?: string; endDate: string };
    expect(created.status, test.error).toBe(201);
    expect(new Date(test.endDate)).toEqual(firstEnd);
    await runFor(testApp, (await hoursToFirstWindow(testApp, test.id)) + 12);

    const before = await scheduleOf(testApp, test.id);
    const tail = before.at(-1)!;
    expect(tail).toMatchObject({ kind: 'tail', status: 'planned', segment: 0 });
    expect(before.filter((row) => row.status === 'applied').length).toBeGreaterThan(5);
    const [seedRow] = await testApp.built.app.db
      .select({ scheduleSeed: titleTests.scheduleSeed })
      .from(titleTests)
      .where(eq(titleTests.id, test.id));

    // Two more days: at least four whole blocks of 3 titles × 2 hours in the new segment.
    const newEnd = new Date(firstEnd.getTime() + 2 * DAY);
    const extended = await creator.post(`/api/tests/${test.id}/extend`, { endDate: newEnd.toISOString() });
    const body = (await extended.json()) as { test: { status: string; endDate: string }; error?: string };
    expect(extended.status, body.error).toBe(200);
    expect(body.test).toMatchObject({ status: 'active', endDate: newEnd.toISOString() });

    const after = await scheduleOf(testApp, test.id);
    // Every slot of the first draw is as it was; only the tail, which had not started, is superseded.
    for (const row of before.slice(0, -1))
      expect(ranPart(after.find((other) => other.slot === row.slot)!)).toEqual(ranPart(row));
    expect(ranPart(after.find((row) => row.slot === tail.slot)!)).toEqual({
      ...ranPart(tail),
      status: 'skipped',
    });

    // The new segment: numbered after the old slots and blocks, drawn from the tail's start (on the
    // Pacific grid) to the new end with the extension's seed, balanced.
    const added = after.filter((row) => row.segment === 1);
    expect(added[0]!.slot).toBe(tail.slot + 1);
    expect(added.map((row) => row.slot)).toEqual(added.map((_, index) => tail.slot + 1 + index));
    const oldBlocks = new Set(before.map((row) => row.block).filter((block) => block !== null));
    expect(added.some((row) => row.block !== null && oldBlocks.has(row.block))).toBe(false);
    // Each segment's design starts at its first window (after the first segment's calibration
    // lead-in; after a lead-in to the first block boundary of the Pacific day in the new one).
    const firstWindowOf = (segment: number) =>
      after.find((row) => row.segment === segment && row.kind === 'window')!.plannedStart;
    expect(added[0]!.plannedStart).toEqual(tail.plannedStart);
    expect(scheduleSegmentsOf(after)).toEqual([
      { start: firstWindowOf(0), end: firstEnd },
      { start: firstWindowOf(1), end: newEnd },
    ]);
    const redrawn = generateSchedule({
      seed: segmentSeed(seedRow!.scheduleSeed, 1),
      titleCount: 3,
      intervalMinutes: 120,
      start: tail.plannedStart,
      end: newEnd,
    });
    const addedSlots = await asSlots(testApp, test.id, added);
    expect(addedSlots.map((slot) => [slot.titleIndex, slot.startsAt, slot.endsAt, slot.kind])).toEqual(
      redrawn.map((slot) => [slot.titleIndex, slot.startsAt, slot.endsAt, slot.kind]),
    );
    const balance = checkBalance(addedSlots, 3);
    expect(balance.balanced, balance.problems.join('; ')).toBe(true);
    expect(balance.completeBlocks).toBeGreaterThanOrEqual(4);
    expect(checkBalance(await asSlots(testApp, test.id, after), 3).balanced).toBe(true);

    const [audit] = await testApp.built.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'test.extend'), eq(auditLog.targetId, test.id)));
    expect(audit).toMatchObject({
      before: { status: 'active', endDate: firstEnd.toISOString() },
      after: { status: 'active', endDate: newEnd.toISOString() },
    });

    // The real jobs run it on, past the old end, to the new one.
    await fastForwardTo(testApp, new Date(newEnd.getTime() + HOUR));
    const done = await testRow(testApp, test.id);
    expect(done.status).toBe('completed');
    expect(done.endedAt!.getTime()).toBeGreaterThanOrEqual(newEnd.getTime());
    expect(done.appliedTitle).not.toBeNull();
    const final = await scheduleOf(testApp, test.id);
    expect(final.filter((row) => row.status === 'planned')).toEqual([]);
    for (const row of final.slice(0, before.length - 1))
      expect(ranPart(row).plannedStart).toEqual(ranPart(before[row.slot]!).plannedStart);
    const ran = final.filter((row) => row.segment === 1);
    expect(ran.every((row) => row.status === 'applied')).toBe(true);
    for (const row of ran) {
      expect(row.activatedAt!.getTime()).toBeGreaterThanOrEqual(row.plannedStart.getTime());
      expect(row.activatedAt!.getTime() - row.plannedStart.getTime()).toBeLessThanOrEqual(HOUR);
    }
    expect((await liveVideo(testApp, videoId)).title).toBe(done.appliedTitle);
  }, 600_000);

  it('plans an extension before any window is measured on the views the test was planned for, not a typical channel’s', async () => {
    const created = await creator.post('/api/tests', {
      videoId: simulatedVideoId(DEMO_ACCOUNT_ID, 3),
      titles: ['Planned views A', 'Planned views B'],
      winnerMetric: 'views',
      rotationIntervalMinutes: 120,
      durationDays: 7,
      acknowledgeWeakPlan: true,
    });
    const test = (await created.json()) as { id: string; error?: string; endDate: string };
    expect(created.status, test.error).toBe(201);
    const [row] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, test.id));
    const planned = (row!.forecast as { viewsPerDay: number }).viewsPerDay;
    expect(planned).not.toBe(TYPICAL_VIEWS_PER_DAY);
    const later = new Date(new Date(test.endDate).getTime() + 3 * DAY).toISOString();
    const preview = (await (
      await creator.get(`/api/tests/${test.id}/extension-plan?endDate=${encodeURIComponent(later)}`)
    ).json()) as { plan: { viewsPerDay: number; summary: string } };
    expect(preview.plan.viewsPerDay).toBe(planned);
    // A running test's first switch is behind it: the extended plan does not speak of it.
    expect(preview.plan.summary).not.toMatch(/first switch/);
    expect((await creator.post(`/api/tests/${test.id}/cancel`)).status).toBe(200);
  });

  it('refuses bad extensions, and a refusal changes nothing', async () => {
    const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 6);
    const created = await creator.post('/api/tests', {
      videoId,
      titles: ['Refused title A', 'Refused title B'],
      winnerMetric: 'views',
      rotationIntervalMinutes: 120,
      endDate: new Date(testApp.clock.now().getTime() + 5 * DAY).toISOString(),
      acknowledgeWeakPlan: true,
    });
    const test = (await created.json()) as { id: string; startDate: string; endDate: string; error?: string };
    expect(created.status, test.error).toBe(201);
    await runDueWork(testApp);
    const stranger = await googleCreator(testApp, 'sim-sam');
    const watch = await watchDatabase(testApp, ['rate_limits', 'sessions']);
    const end = new Date(test.endDate).getTime();
    const start = new Date(test.startDate).getTime();
    const cases: Array<[HttpClient, unknown, number, RegExp]> = [
      [creator, { endDate: new Date(end - HOUR).toISOString() }, 400, /later than the test’s current end/],
      [creator, { endDate: new Date(end + 30 * 60_000).toISOString() }, 400, /at least one more rotation/],
      [creator, { endDate: new Date(start + 61 * DAY).toISOString() }, 400, /at most 60 days/],
      [creator, { endDate: 'next tuesday' }, 400, /endDate must be an ISO date-time/],
      [creator, {}, 400, /endDate/],
      [stranger, { endDate: new Date(end + DAY).toISOString() }, 404, /not found/i],
    ];
    const digest = await watch.digest();
    for (const [client, payload, status, message] of cases) {
      const response = await client.post(`/api/tests/${test.id}/extend`, payload);
      expect(response.status, JSON.stringify(payload)).toBe(status);
      expect(errorMessageOf(await response.json())).toMatch(message);
    }
    // The plan preview says the same before anything is sent.
    const preview = await creator.get(
      `/api/tests/${test.id}/extension-plan?endDate=${encodeURIComponent(new Date(start + 61 * DAY).toISOString())}`,
    );
    expect(preview.status).toBe(200);
    expect(((await preview.json()) as { problem: string }).problem).toMatch(/at most 60 days/);
    expect(changedTables(digest, await watch.digest())).toEqual([]);

    // An ended test that has its verdict cannot be extended either.
    expect((await creator.post(`/api/tests/${test.id}/cancel`)).status).toBe(200);
    await runDueWork(testApp);
    const cancelled = await watch.digest();
    const refused = await creator.post(`/api/tests/${test.id}/extend`, {
      endDate: new Date(end + DAY).toISOString(),
    });
    expect(refused.status).toBe(409);
    expect(errorMessageOf(await refused.json())).toMatch(/Only a running test/);
    expect(changedTables(cancelled, await watch.digest())).toEqual([]);
  }, 600_000);

  it('extends a CTR test waiting for its final figures: it runs again, the rotation resumes, and it waits again at the new end', async () => {
    const videoId = simulatedVideoId(DEMO_ACCOUNT_ID, 7);
    const original = (await liveVideo(testApp, videoId)).title;
    const created = await creator.post('/api/tests', {
      videoId,
      titles: ['Waiting title A', 'Waiting title B'],
      winnerMetric: 'ctr',
      rotationIntervalMinutes: 1440,
      // 12 days: at least 10 whole YouTube days whatever the hour it starts at (a 25-hour day
      // included), the fewest a daily test of two titles may have (creation asks for 11 days). Its
      // plan may be weak on the video's traffic by then: that is not what this test is about.
      endDate: new Date(testApp.clock.now().getTime() + 12 * DAY).toISOString(),
      acknowledgeWeakPlan: true,
      // It runs to its end date to wait for the final figures there, whatever a daily look reads.
      runToEnd: true,
    });
    const test = (await created.json()) as { id: string; endDate: string };
    expect(created.status, JSON.stringify(test)).toBe(201);
    await fastForwardTo(testApp, new Date(new Date(test.endDate).getTime() + HOUR));
    const waiting = await testRow(testApp, test.id);
    expect(finalFiguresStatus(waiting).awaiting).toBe(true);
    expect(waiting.finalFiguresDueAt).not.toBeNull();
    expect((await liveVideo(testApp, videoId)).title).toBe(original);
    const before = await scheduleOf(testApp, test.id);

    const preview = await creator.get(
      `/api/tests/${test.id}/extension-plan?endDate=${encodeURIComponent(new Date(testApp.clock.now().getTime() + 4 * DAY).toISOString())}`,
    );
    const plan = (await preview.json()) as {
      reopens: boolean;
      problem: string | null;
      plan: { unit: string; unitsPerTitle: number } | null;
    };
    expect(plan).toMatchObject({ reopens: true, problem: null, plan: { unit: 'day' } });

    const at = testApp.clock.now();
    const newEnd = new Date(at.getTime() + 4 * DAY);
    const extended = await creator.post(`/api/tests/${test.id}/extend`, { endDate: newEnd.toISOString() });
    expect(extended.status, await extended.clone().text()).toBe(200);
    const answered = testApp.clock.now();
    const reopened = await testRow(testApp, test.id);
    expect(reopened).toMatchObject({
      status: 'active',
      verdict: null,
      appliedTitle: null,
      endedAt: null,
      finalFiguresDueAt: null,
      currentSlot: null,
    });
    const after = await scheduleOf(testApp, test.id);
    for (const row of before)
      expect(ranPart(after.find((other) => other.slot === row.slot)!)).toEqual(ranPart(row));
    const segments = scheduleSegmentsOf(after);
    expect(segments).toHaveLength(2);
    // The new segment starts when the extension was made (the end put the original title back then);
    // its design, at its first window (the next Pacific midnight, daily windows).
    const newSlots = after.filter((row) => row.segment === 1);
    expect(segments[1]!.end).toEqual(newEnd);
    expect(newSlots[0]!.plannedStart.getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect(newSlots[0]!.plannedStart.getTime()).toBeLessThanOrEqual(answered.getTime());
    expect(segments[1]!.start).toEqual(newSlots.find((row) => row.kind === 'window')!.plannedStart);
    const added = await asSlots(
      testApp,
      test.id,
      after.filter((row) => row.segment === 1),
    );
    expect(checkBalance(added, 2).balanced).toBe(true);

    // The rotation resumes at once: the new segment's first slot goes live (not an "edit outside").
    await runDueWork(testApp);
    const resumed = await testRow(testApp, test.id);
    expect(resumed.status).toBe('active');
    expect(resumed.currentSlot).toBe(after.find((row) => row.segment === 1)!.slot);
    expect(['Waiting title A', 'Waiting title B']).toContain((await liveVideo(testApp, videoId)).title);

    // At the new end it waits for its final figures again, with a new notice of its own.
    await fastForwardTo(testApp, new Date(newEnd.getTime() + HOUR));
    const again = await testRow(testApp, test.id);
    expect(again.status).toBe('completed');
    expect(again.finalFiguresDueAt).not.toBeNull();
    expect(again.endedAt!.getTime()).toBeGreaterThanOrEqual(newEnd.getTime());
    expect((await liveVideo(testApp, videoId)).title).toBe(original);
    const analysed = (await scheduleOf(testApp, test.id)).filter(
      (row) => row.segment === 1 && row.kind === 'window',
    );
    expect(analysed.length).toBeGreaterThanOrEqual(3);
    expect(analysed.every((row) => row.status === 'applied')).toBe(true);
    const notices = await testApp.built.app.db
      .select({ key: notifications.eventKey })
      .from(notifications)
      .where(eq(notifications.testId, test.id));
    expect(notices.filter((notice) => notice.key.includes(':provisional:'))).toHaveLength(2);
  }, 600_000);
});

describe('extending against YouTube capacity', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    // A tests' pool of 1,026 units: the Free plan's share (205) holds two daily tests (102.5
    // reserved each), one per account (an account's cap is half its plan's share).
    testApp = await startTestApp({ YOUTUBE_DAILY_QUOTA: '1300' });
  });
  afterAll(async () => {
    await testApp?.close();
  });

  it('refuses to run on past tests waiting for the plan’s share, changing nothing, and extends once they are gone', async () => {
    const sam = await googleCreator(testApp, 'sim-sam');
    const alex = await googleCreator(testApp, 'sim-alex');
    const priya = await googleCreator(testApp, 'sim-priya');
    await testApp.built.app.db.update(users).set({ subscriptionTier: 'free' });
    const create = async (client: HttpClient, account: string) => {
      const response = await client.post('/api/tests', {
        videoId: simulatedVideoId(account, 0),
        titles: ['Capacity title A', 'Capacity title B'],
        winnerMetric: 'ctr',
        rotationIntervalMinutes: 1440,
        // 12 days, 14 once extended: the most a test holding this much of its share may run.
        endDate: new Date(testApp.clock.now().getTime() + 12 * DAY).toISOString(),
      });
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { id: string; status: string; endDate: string };
    };
    const running = await create(sam, 'sim-sam');
    expect(running.status).toBe('active');
    expect((await create(alex, 'sim-alex')).status).toBe('active');
    const queued = await create(priya, 'sim-priya');
    expect(queued.status).toBe('queued');

    const newEnd = new Date(new Date(running.endDate).getTime() + 2 * DAY).toISOString();
    const preview = (await (
      await sam.get(`/api/tests/${running.id}/extension-plan?endDate=${encodeURIComponent(newEnd)}`)
    ).json()) as { problem: string | null };
    expect(preview.problem).toMatch(/waiting for the Free plan’s share of YouTube capacity/);
    const watch = await watchDatabase(testApp, ['rate_limits', 'sessions']);
    const before = await watch.digest();
    const refused = await sam.post(`/api/tests/${running.id}/extend`, { endDate: newEnd });
    expect(refused.status).toBe(409);
    expect(errorMessageOf(await refused.json())).toMatch(
      /waiting for the Free plan’s share of YouTube capacity.*keeps its current end/,
    );
    expect(changedTables(before, await watch.digest())).toEqual([]);

    // Once nobody waits for the units its end would free, it runs on.
    expect((await priya.post(`/api/tests/${queued.id}/cancel`)).status).toBe(200);
    const extended = await sam.post(`/api/tests/${running.id}/extend`, { endDate: newEnd });
    expect(extended.status, await extended.clone().text()).toBe(200);
    expect((await testRow(testApp, running.id)).endDate.toISOString()).toBe(newEnd);
  }, 600_000);
});
