// Issue 26, item 6 and 7: a test created "now" starts by the server's clock (a simulated clock
// after a fast-forward, not the browser's); the card's next rotation names the same instant as
// its first rotation; notifications link to their test and word the metric as the app does.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { titleTests } from '../../db/schema';
import { testPath } from '../../src/shared/test-link';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { runFor } from '../helpers/title-test-driver';

let testApp: TestApp;
let alex: HttpClient;
const DAY = 86_400_000;

beforeAll(async () => {
  testApp = await startTestApp();
  alex = await googleCreator(testApp, 'sim-alex');
});
afterAll(async () => {
  await testApp.close();
});

const minutesFromServerClock = (at: string) => (Date.parse(at) - testApp.clock.now().getTime()) / 60_000;

it('starts a test "now" by the server clock from a length alone, three days after the browser’s time', async () => {
  const browserNow = testApp.clock.now();
  await runFor(testApp, 72); // a fast-forward: the server's clock is three days ahead of the page
  const stale = await alex.post('/api/tests', {
    videoId: simulatedVideoId('sim-alex', 1),
    titles: ['Now title A', 'Now title B'],
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    startDate: browserNow.toISOString(),
    endDate: new Date(browserNow.getTime() + 3 * DAY).toISOString(),
  });
  expect(stale.status).toBe(400);
  expect(((await stale.json()) as { error: string }).error).toMatch(/start date is in the past/);

  const both = await alex.post('/api/tests', {
    videoId: simulatedVideoId('sim-alex', 1),
    titles: ['Now title A', 'Now title B'],
    winnerMetric: 'views',
    endDate: new Date(testApp.clock.now().getTime() + 3 * DAY).toISOString(),
    durationDays: 3,
  });
  expect(both.status).toBe(400);
  expect(((await both.json()) as { error: string }).error).toMatch(
    /an end date or a length in days, not both/,
  );

  const serverNow = testApp.clock.now();
  const response = await alex.post('/api/tests', {
    videoId: simulatedVideoId('sim-alex', 1),
    titles: ['Now title A', 'Now title B'],
    // 2-hour windows: an unmeasured channel's views are allowed an hour to follow a switch.
    rotationIntervalMinutes: 120,
    winnerMetric: 'views',
    durationDays: 7,
  });
  const created = (await response.json()) as { id: string; error?: string };
  expect(response.status, created.error).toBe(201);
  const [row] = await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, created.id));
  expect(row!.startDate.getTime()).toBeGreaterThanOrEqual(serverNow.getTime());
  expect(row!.startDate.getTime() - serverNow.getTime()).toBeLessThan(60_000);
  expect(row!.endDate.getTime() - row!.startDate.getTime()).toBe(7 * DAY);

  // The card's "Next rotation" and "Rotation starts …" count to the same first window.
  const analytics = (await (await alex.get(`/api/tests/${created.id}/analytics`)).json()) as {
    nextRotationIn: number | null;
    expected: { firstRotation: { at: string } | null };
  };
  const first = analytics.expected.firstRotation;
  expect(first).not.toBeNull();
  expect(analytics.nextRotationIn).toBe(Math.ceil(minutesFromServerClock(first!.at)));

  // Its start notification links to it and names the metric in the app's words.
  await runFor(testApp, 1.1);
  const listed = (await (await alex.get('/api/notifications')).json()) as {
    notifications: Array<{ kind: string; testId: string | null; link: string; body: string }>;
  };
  const started = listed.notifications.find((entry) => entry.kind === 'test-started');
  expect(started).toMatchObject({ testId: created.id, link: testPath(created.id) });
  expect(started!.body).toContain('decides by views per hour');
  expect(started!.body).toMatch(
    /reads your video’s views until \w{3}, \w{3} \d+, \d+:\d{2} [AP]M P[SD]T without/,
  );
});
