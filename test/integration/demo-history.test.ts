import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCopies, simAccounts, titleTests, users } from '../../db/schema';
import { DEMO_FULL_MESSAGE, removeOldDemoCopies } from '../../src/demo/demo-copies';
import { prepareInChildProcess } from '../../src/demo/rehearsal-process';
import { DEMO_SCENARIO } from '../../src/demo/demo-scenario';
import { simulatorControl } from '../../src/demo/simulator-control';
import { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { liveVideo } from '../helpers/title-test-driver';

// With DEMO_HISTORY each demo visitor gets a channel of their own whose past days were run
// through the real engine: tests are created at their moments, rotated, sampled, measured and
// decided by the same handlers as the workers', against the simulator's ground truth. The past is
// rehearsed once (a template) and cloned for each visitor.

let testApp: TestApp;

interface Card {
  id: string;
  status: string;
  statusReason: string | null;
  videoId: string;
  titles: string[];
  originalTitle?: string;
  appliedTitle: string | null;
  startDate: string;
  endDate: string;
  rotationsCount?: number;
  forecast: { noiseSource: string; calibrationHours: number } | null;
}
interface Analytics {
  rotationsCount: number;
  totalViews: number;
  verdict: {
    verdict: 'winner' | 'same' | 'inconclusive';
    final: boolean;
    reason: string;
    winnerTitleIndex: number | null;
    titles: {
      liftPercent: number;
      liftLowPercent: number;
      liftHighPercent: number;
      probabilityBest: number;
    }[];
  };
}

async function demoVisitor(): Promise<{ client: HttpClient; userId: string }> {
  const response = await new HttpClient(testApp.url).post('/api/auth/demo-login');
  const body = (await response.json()) as { sessionToken: string; user: { id: string }; error?: string };
  expect(response.status, body.error).toBe(200);
  return {
    client: new HttpClient(testApp.url, { authorization: `Bearer ${body.sessionToken}` }),
    userId: body.user.id,
  };
}

async function testsOf(client: HttpClient): Promise<Card[]> {
  return (await (await client.get('/api/tests')).json()) as Card[];
}
async function analyticsOf(client: HttpClient, id: string): Promise<Analytics> {
  return (await (await client.get(`/api/tests/${id}/analytics`)).json()) as Analytics;
}

let first: { client: HttpClient; userId: string };
let second: { client: HttpClient; userId: string };

// The template runs almost six simulated days through the engine: tens of seconds.
const PREPARATION_MS = 300_000;

beforeAll(async () => {
  testApp = await startTestApp({ DEMO_HISTORY: 'true', DEMO_REHEARSAL_PROCESS: 'true' });
  // The template, as the demo.prepare job rehearses it ahead of visitors on PostgreSQL: in a child
  // process of its own (src/demo-prepare.ts), whose memory leaves with it. Each sign-in then clones it.
  await prepareInChildProcess(testApp.built.app);
  const templates = await testApp.built.app.db
    .select()
    .from(demoCopies)
    .where(eq(demoCopies.status, 'template'));
  expect(templates).toHaveLength(1);
  first = await demoVisitor();
  second = await demoVisitor();
}, PREPARATION_MS);
afterAll(async () => {
  await testApp.close();
});

describe('a demo visitor’s channel with a history', () => {
  it('holds a decided winner (live on the video), a test without a winner, and a running test', async () => {
    const cards = await testsOf(first.client);
    expect(cards).toHaveLength(DEMO_SCENARIO.length);
    const [winnerTitles, sameTitles, runningTitles] = DEMO_SCENARIO.map((test) => test.input.titles);
    const byTitles = (titles: string[] | undefined) => cards.find((card) => card.titles[0] === titles![0])!;

    const won = byTitles(winnerTitles);
    expect(won.status).toBe('completed');
    const wonAnalytics = await analyticsOf(first.client, won.id);
    expect(wonAnalytics.verdict.final).toBe(true);
    expect(wonAnalytics.verdict.verdict).toBe('winner');
    // The better title by the simulator's ground truth is the second one.
    expect(wonAnalytics.verdict.winnerTitleIndex).toBe(1);
    const lift = wonAnalytics.verdict.titles[1]!;
    expect(lift.liftLowPercent).toBeGreaterThan(0);
    expect(lift.probabilityBest).toBeGreaterThan(0.95);
    expect(won.appliedTitle).toBe(winnerTitles![1]);
    expect((await liveVideo(testApp, won.videoId)).title).toBe(winnerTitles![1]);
    // The channel's first test read the video for a day, then a daily look named the winner and
    // ended the test there, before its planned end.
    expect(won.forecast?.calibrationHours).toBeGreaterThanOrEqual(24);
    expect(won.statusReason).toMatch(/stopped at the daily look of .*: its answer was in\.$/);
    const [wonRow] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, won.id));
    expect(wonRow!.decidedAt).not.toBeNull();
    expect(wonRow!.decidedAt!.getTime()).toBeLessThan(new Date(won.endDate).getTime());

    const same = byTitles(sameTitles);
    expect(same.status).toBe('completed');
    const sameAnalytics = await analyticsOf(first.client, same.id);
    expect(sameAnalytics.verdict.final).toBe(true);
    // On failure, say what the engine decided and why.
    expect(['same', 'inconclusive'], sameAnalytics.verdict.reason).toContain(sameAnalytics.verdict.verdict);
    expect(sameAnalytics.verdict.reason.length).toBeGreaterThan(20);
    // No winner: the original title is back.
    expect((await liveVideo(testApp, same.videoId)).title).toBe(sameTitles![0]);

    const running = byTitles(runningTitles);
    expect(running.status).toBe('active');
    // The first test measured the channel's noise on this shape: no day of reading first, the
    // titles switch from the start.
    expect(running.forecast?.noiseSource).toBe('channel');
    expect(running.forecast?.calibrationHours).toBe(0);
    const runningAnalytics = await analyticsOf(first.client, running.id);
    // A day and a half of 2-hour windows: about 18 switches.
    expect(runningAnalytics.rotationsCount).toBeGreaterThanOrEqual(16);
    expect(runningAnalytics.totalViews).toBeGreaterThan(0);
  });

  it('hands the running test to the workers: it is no longer held, and the account follows the deployment’s clock', async () => {
    const held = await testApp.built.app.db
      .select({ heldBy: titleTests.heldBy })
      .from(titleTests)
      .where(eq(titleTests.userId, first.userId));
    expect(held.every((row) => row.heldBy === null)).toBe(true);
    const [copy] = await testApp.built.app.db
      .select()
      .from(demoCopies)
      .where(eq(demoCopies.userId, first.userId));
    expect(copy!.status).toBe('claimed');
    const [account] = await testApp.built.app.db
      .select()
      .from(simAccounts)
      .where(eq(simAccounts.id, copy!.simAccountId));
    expect(account!.clockAt).toBeNull();
  });

  it('gives each visitor a copy of their own, untouched by another visitor’s actions', async () => {
    expect(second.userId).not.toBe(first.userId);
    const mine = await testsOf(first.client);
    const running = mine.find((card) => card.status === 'active')!;
    expect((await first.client.post(`/api/tests/${running.id}/cancel`)).status).toBe(200);
    expect((await testsOf(first.client)).find((card) => card.id === running.id)!.status).toBe('cancelled');

    const theirs = await testsOf(second.client);
    expect(theirs).toHaveLength(DEMO_SCENARIO.length);
    expect(theirs.map((card) => card.id)).not.toContain(running.id);
    const theirRunning = theirs.filter((card) => card.status === 'active');
    expect(theirRunning).toHaveLength(1);
    // Their channel is another channel: none of the first visitor's videos.
    const firstVideos = new Set(mine.map((card) => card.videoId));
    expect(theirs.some((card) => firstVideos.has(card.videoId))).toBe(false);
    expect(await testsOf(first.client)).toHaveLength(DEMO_SCENARIO.length);
  });

  it('reopens a visitor’s copy rather than making another, caps copies per address and in all', async () => {
    const db = testApp.built.app.db;
    const claimed = async () =>
      (await db.select().from(demoCopies)).filter((copy) => copy.status === 'claimed');
    expect(await claimed()).toHaveLength(2);
    // "Try the demo" again while signed in to a copy: the same copy, a new session.
    const again = await first.client.post('/api/auth/demo-login');
    expect(again.status).toBe(200);
    expect(((await again.json()) as { user: { id: string } }).user.id).toBe(first.userId);
    expect(await claimed()).toHaveLength(2);

    // One address holds DEMO_COPIES_PER_ADDRESS (3) live copies; its next sign-in reopens the newest.
    const { perAddress } = testApp.built.app.config.demoCopies;
    expect(perAddress).toBe(3);
    const third = await demoVisitor();
    const fourth = await demoVisitor();
    expect(fourth.userId).toBe(third.userId);
    expect(await claimed()).toHaveLength(3);

    // The deployment's cap: once it holds DEMO_LIVE_COPIES, a new visitor is told to come back.
    const config = testApp.built.app.config as { demoCopies: { perAddress: number; live: number } };
    const defaults = { ...config.demoCopies };
    try {
      config.demoCopies = { perAddress: 10, live: 3 };
      const full = await new HttpClient(testApp.url).post('/api/auth/demo-login');
      expect(full.status).toBe(503);
      expect(((await full.json()) as { error: string }).error).toBe(DEMO_FULL_MESSAGE);
      expect(await claimed()).toHaveLength(3);
    } finally {
      config.demoCopies = defaults;
    }
    // The address is kept only as a keyed hash.
    expect((await claimed()).every((copy) => /^[0-9a-f]{64}$/.test(copy.claimedBy ?? ''))).toBe(true);
  });

  it('removes copies whose day is over: the visitor, their tests, and the Google account', async () => {
    const copies = await testApp.built.app.db.select().from(demoCopies);
    const removed = await removeOldDemoCopies(
      testApp.built.app,
      simulatorControl(testApp.built.app.config),
      0,
    );
    expect(removed).toBe(copies.filter((copy) => copy.status === 'claimed').length);
    const claimedUsers = copies.flatMap((copy) =>
      copy.status === 'claimed' && copy.userId ? [copy.userId] : [],
    );
    expect(await testApp.built.app.db.select().from(users).where(inArray(users.id, claimedUsers))).toEqual(
      [],
    );
    const accounts = await testApp.built.app.db
      .select()
      .from(simAccounts)
      .where(
        inArray(
          simAccounts.id,
          copies.map((copy) => copy.simAccountId),
        ),
      );
    expect(
      accounts.filter((account) =>
        copies.some((copy) => copy.status === 'claimed' && copy.simAccountId === account.id),
      ),
    ).toEqual([]);
    expect((await first.client.get('/api/auth/me')).status).toBe(401);
  });
});
