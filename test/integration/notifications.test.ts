import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, simTokens, titleTests } from '../../db/schema';
import { handleEmailJob } from '../../src/notifications/notifications.jobs';
import type { NotificationKind } from '../../src/shared/notification-kinds';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { clearlyDifferentTitles } from '../helpers/ground-truth';
import { deliverEmails as deliverMail } from '../helpers/notification-mail';
import { firstWindowStart, plannedWindows } from '../helpers/planned-windows';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { fastForwardTo, liveVideo, runDueWork, runFor } from '../helpers/title-test-driver';
import { control } from '../helpers/youtube-gateway';
import { formatMoment } from '../../src/shared/moments';

// Every kind of notification, from the engine's real events on the simulator's clock, received
// as e-mail through SMTP by the built-in mail catcher.

let testApp: TestApp;
let alex: HttpClient;
const ALEX_EMAIL = 'alex.rivera@example.com';
const HOUR = 3_600_000;

interface CaughtMail {
  subject: string;
  text: string | null;
  html: string | null;
  envelopeTo: string[];
  headers: Record<string, string>;
}

beforeAll(async () => {
  testApp = await startTestApp();
  alex = await googleCreator(testApp, 'sim-alex');
});
afterAll(async () => {
  await testApp.close();
});

const deliverEmails = () => deliverMail(testApp);

async function outbox(): Promise<CaughtMail[]> {
  const response = await control(testApp, 'GET', `/outbox?to=${encodeURIComponent(ALEX_EMAIL)}`);
  expect(response.status).toBe(200);
  return (response.body as unknown as CaughtMail[]).reverse();
}

/** The newest caught e-mail whose subject matches. */
async function mailLike(subject: RegExp): Promise<CaughtMail> {
  const caught = await outbox();
  const found = caught.filter((mail) => subject.test(mail.subject)).at(-1);
  if (!found) throw new Error(`No e-mail like ${subject}: ${caught.map((mail) => mail.subject).join(' | ')}`);
  return found;
}

async function listed() {
  const response = await alex.get('/api/notifications');
  expect(response.status).toBe(200);
  return (await response.json()) as {
    unreadCount: number;
    notifications: Array<{ id: string; kind: NotificationKind; title: string; body: string; email: string }>;
  };
}

async function startTest(index: number, titles: string[], hours = 120) {
  const response = await alex.post('/api/tests', {
    videoId: simulatedVideoId('sim-alex', index),
    titles,
    // 2-hour windows: the shortest a channel whose lag is not yet measured may use.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    endDate: new Date(testApp.clock.now().getTime() + hours * HOUR).toISOString(),
    acknowledgeWeakPlan: true,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Moves the product clock to `at`, running the workers' jobs meanwhile; none may fail. */
async function moveTo(at: Date): Promise<void> {
  const report = await fastForwardTo(testApp, at);
  expect(report.failures).toEqual([]);
}

/**
 * Moves the clock `hours` past the test's first window's start: a views test the creator has no
 * finished test of the same shape for first reads its video's counter for about a day with
 * Title 1 live (the calibration lead-in), and switches titles only from its first window on.
 */
const intoFirstWindow = async (testId: string, hours: number) =>
  moveTo(new Date((await firstWindowStart(testApp, testId)).getTime() + hours * HOUR));

/**
 * Moves the clock `hours` past the test's next switch, where the engine reads the video's live
 * title (and uses the channel's grant) before writing: after the lead-in, if the test has one.
 */
async function pastNextSwitch(testId: string, hours: number): Promise<void> {
  const now = testApp.clock.now().getTime();
  const next = (await plannedWindows(testApp, testId)).find((window) => window.plannedStart.getTime() > now);
  if (!next) throw new Error(`test ${testId} has no switch left`);
  await moveTo(new Date(next.plannedStart.getTime() + hours * HOUR));
}

const testRow = async (id: string) =>
  (await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, id)))[0]!;

describe('notifications', () => {
  let firstTest = '';

  it('a test that starts and ends: in the app and by e-mail, each event once', async () => {
    // The browser reports its time zone (the dashboard does on load): the messages name moments in
    // it. A zone the server does not know is refused and changes nothing.
    const refused = await alex.post('/api/auth/time-zone', { timeZone: 'Mars/Olympus_Mons' });
    expect(refused.status).toBe(400);
    expect(
      ((await (await alex.get('/api/auth/me')).json()) as { timeZone: string | null }).timeZone,
    ).toBeNull();
    expect((await alex.post('/api/auth/time-zone', { timeZone: 'Europe/Paris' })).status).toBe(200);
    expect(((await (await alex.get('/api/auth/me')).json()) as { timeZone: string | null }).timeZone).toBe(
      'Europe/Paris',
    );
    firstTest = await startTest(1, ['Notify me A', 'Notify me B']);
    // Title 1 goes live at the start, for the lead-in before the first window.
    await runFor(testApp, 1.1);
    expect(await deliverEmails()).toBe(1);
    const [started] = await outbox();
    expect(started!.subject).toMatch(/^Your title test started on “.+”$/);
    expect(started!.text).toMatch(/is live on YouTube now/);
    // The test's end, in the creator's own zone and named: as the card shows it in that browser.
    const endDate = (await testRow(firstTest)).endDate;
    expect(started!.text).toContain(formatMoment(endDate, 'Europe/Paris'));
    expect(formatMoment(endDate, 'Europe/Paris')).toMatch(/GMT\+1$/);
    expect(started!.text).not.toMatch(/ P[SD]T\b/);
    expect(started!.html).toContain('Open Titlewise');
    expect(started!.headers['list-unsubscribe']).toMatch(/^<http.+\/api\/notifications\/unsubscribe\?u=.+>$/);
    expect(started!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // A repeated job (a restart) sends nothing twice.
    const [row] = await testApp.built.app.db.select().from(notifications);
    await handleEmailJob(testApp.built.app, { notificationId: row!.id });
    expect(await outbox()).toHaveLength(1);

    // The creator completes it after a few windows: decided at once (views are counted live).
    await intoFirstWindow(firstTest, 6);
    expect((await alex.post(`/api/tests/${firstTest}/complete`)).status).toBe(200);
    await runDueWork(testApp);
    await deliverEmails();
    const mails = await outbox();
    expect(mails.map((mail) => mail.subject)).toEqual([
      started!.subject,
      expect.stringMatching(/^“.+”: (Winner|Performed the same|Inconclusive)$/),
    ]);
    const [test] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, firstTest));
    expect(mails[1]!.text).toContain(`Live on YouTube now: “${test!.appliedTitle}” (read back from YouTube`);

    const list = await listed();
    expect(list.notifications.map((entry) => [entry.kind, entry.email])).toEqual([
      ['verdict', 'sent'],
      ['test-started', 'sent'],
    ]);
    expect(list.unreadCount).toBe(2);
  }, 600_000);

  it('a test stopped at a daily look: its winner goes live, in the app and by e-mail', async () => {
    const videoId = simulatedVideoId('sim-alex', 1);
    const { weaker, stronger } = await clearlyDifferentTitles(testApp, videoId, 'Notify me');
    const sentBefore = (await outbox()).length;
    // A week planned; the stronger title's lead is clear well before then.
    const testId = await startTest(1, [weaker, stronger], 7 * 24);
    await runFor(testApp, 1);
    await deliverEmails();
    let test = await testRow(testId);
    for (let day = 0; day < 7 && test.status === 'active'; day += 1) {
      await runFor(testApp, 24);
      test = await testRow(testId);
    }
    expect(test.status).toBe('completed');
    expect(test.decidedAt).not.toBeNull();
    expect(test.decidedAt!.getTime()).toBeLessThan(test.endDate.getTime());
    expect(test.verdict).toMatchObject({ verdict: 'winner', winnerTitleIndex: 1 });
    expect(test.statusReason).toMatch(/The test stopped at the daily look of .+: its answer was in\.$/);
    expect(test.appliedTitle).toBe(stronger);
    expect((await liveVideo(testApp, videoId)).title).toBe(stronger);

    // The ending notification names the winner and the title now live, once.
    await runDueWork(testApp);
    await deliverEmails();
    const sent = (await outbox()).slice(sentBefore);
    const subject = `“${test.videoTitle}”: Winner`;
    expect(sent.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Your title test started on “.+”$/),
      subject,
    ]);
    const verdictMail = sent[1]!;
    expect(verdictMail.text).toContain('stopped at the daily look');
    // The winner is live: written at the stop, or already live in the window the look ended.
    const winnerLive = stronger.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    expect(verdictMail.text).toMatch(
      new RegExp(
        `Live on YouTube now: “${winnerLive}” \\(read back from YouTube|“${winnerLive}” stays live on YouTube\\.`,
      ),
    );
    const [newest] = (await listed()).notifications;
    expect(newest).toMatchObject({ kind: 'verdict', title: subject, email: 'sent' });
    expect(newest!.body).toContain(test.statusReason!);
  }, 600_000);

  it('a Studio edit pauses the test and says how to go on; the quota wait stays in the app', async () => {
    const testId = await startTest(2, ['Studio A', 'Studio B']);
    await runFor(testApp, 1.1);
    const edit = await control(testApp, 'POST', `/videos/${simulatedVideoId('sim-alex', 2)}/studio-edit`, {
      title: 'My own title from Studio',
    });
    expect(edit.status).toBe(200);
    // The next switch reads the live title before writing: the edit is found there.
    await pastNextSwitch(testId, 0.5);
    await deliverEmails();
    const paused = await mailLike(/is paused$/);
    expect(paused.text).toMatch(/changed outside Titlewise \(to “My own title from Studio”\).*resume it/);

    await alex.post(`/api/tests/${testId}/resume`);
    testApp.simulator!.faults.inject('data', 'quotaExceeded', 50);
    // A window's length: the resumed test's next write meets the spent quota.
    await runFor(testApp, 2.5);
    testApp.simulator!.faults.clear();
    const sentBefore = (await outbox()).length;
    await deliverEmails();
    expect(await outbox()).toHaveLength(sentBefore);
    const quota = (await listed()).notifications.find((entry) => entry.kind === 'quota-deferred');
    expect(quota).toMatchObject({ email: 'off' });
    expect(quota!.body).toMatch(/quota is used up/);
    await alex.post(`/api/tests/${testId}/cancel`);
    await runDueWork(testApp);
    await deliverEmails();
    expect((await mailLike(/^Test cancelled/)).subject).toBe(
      'Test cancelled: the original title is back on your video',
    );
  }, 600_000);

  it('lost Google access pauses the test and asks to reconnect; a title that cannot go back is a failure', async () => {
    const testId = await startTest(3, ['Access A', 'Access B']);
    await runFor(testApp, 1.1);
    await deliverEmails();
    await testApp.built.app.db
      .update(simTokens)
      .set({ revoked: true })
      .where(eq(simTokens.accountId, 'sim-alex'));
    // The next switch needs Google's grant.
    await pastNextSwitch(testId, 1);
    await alex.post(`/api/tests/${testId}/cancel`);
    await runDueWork(testApp);
    await deliverEmails();
    const paused = await mailLike(/^Your test on “.+” is paused$/);
    expect(paused.text).toMatch(/Sign in with Google again/);
    const failed = await mailLike(/^Titlewise could not finish your test/);
    expect(failed.text).toMatch(/revoked or has expired/);
    await testApp.built.app.db
      .update(simTokens)
      .set({ revoked: false })
      .where(eq(simTokens.accountId, 'sim-alex'));
    // Signing in again reconnects the channel; the cancelled test's original title then goes back.
    alex = await googleCreator(testApp, 'sim-alex');
    await runDueWork(testApp);
    await deliverEmails();
    const restored = (await listed()).notifications.filter((entry) => entry.kind === 'title-applied');
    expect(restored).toHaveLength(2);
  }, 600_000);

  it('one click in the e-mail turns that kind off; marking read empties the count', async () => {
    const [started] = await outbox();
    const link = /^<(.+)>$/.exec(started!.headers['list-unsubscribe']!)![1]!;
    // The page a link scanner fetches changes nothing; the mail client's one-click POST does.
    expect((await fetch(link)).status).toBe(200);
    expect(
      (
        (await (await alex.get('/api/notifications/preferences')).json()) as {
          email: Record<string, boolean>;
        }
      ).email['test-started'],
    ).toBe(true);
    const oneClick = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Unsubscribed');
    const preferences = (await (await alex.get('/api/notifications/preferences')).json()) as {
      email: Record<string, boolean>;
    };
    expect(preferences.email).toMatchObject({ 'test-started': false, verdict: true });
    // A changed link proves nothing.
    const forged = link.replace(/k=test-started/, 'k=verdict');
    expect((await fetch(forged, { method: 'POST' })).status).toBe(400);

    const sentBefore = (await outbox()).length;
    await startTest(0, ['Quiet A', 'Quiet B']);
    await runFor(testApp, 1.1);
    await deliverEmails();
    expect((await outbox()).slice(sentBefore).map((mail) => mail.subject)).toEqual([]);
    expect((await listed()).notifications[0]).toMatchObject({ kind: 'test-started', email: 'off' });

    const read = await alex.post('/api/notifications/read', {});
    expect(await read.json()).toEqual({ unreadCount: 0 });
    expect((await listed()).unreadCount).toBe(0);
  });
});
