import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { metricSamples, titleTests } from '../../db/schema';
import { loadTestRecord } from '../../src/title-tests/records/title-test-records';
import { observationsFrom } from '../../src/title-tests/figures/verdict-inputs';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { googleCreator } from '../helpers/creators';
import type { HttpClient } from '../helpers/http-client';
import { ownerOf, plantMeasuredLag } from '../helpers/measured-lag';
import { startTestApp, type TestApp } from '../helpers/test-app';

// Carryover and counter lag measured, not assumed (issue 24, item 4; docs/decisions/0025): a
// channel whose finished test shows views following the previous title for 45 minutes after each
// switch gets a 50-minute washout on its next test, and 1-hour windows are refused there with the
// reason. A channel none of whose tests has measured it is allowed an hour (ASSUMED_LAG): 1-hour
// windows are refused there too, and 2-hour windows get a 60-minute washout. The finished test is
// written straight into the database (test/helpers/measured-lag.ts).

const LAG_MINUTES = 45;

let testApp: TestApp;
let alex: HttpClient;
let sam: HttpClient;

interface Plan {
  canDecide: boolean;
  summary: string;
  washoutMinutes: number;
  lagMinutes: number | null;
  minimumDetectableLiftPercent: number | null;
  suggestion: { rotationIntervalMinutes: number; minimumDetectableLiftPercent: number } | null;
}

const planFor = async (client: HttpClient, rotationIntervalMinutes: number): Promise<Plan> => {
  const response = await client.get(
    `/api/tests/plan?titleCount=2&rotationIntervalMinutes=${rotationIntervalMinutes}&durationDays=7&winnerMetric=views`,
  );
  expect(response.status).toBe(200);
  return (await response.json()) as Plan;
};

const create = (client: HttpClient, videoId: string, rotationIntervalMinutes: number) =>
  client.post('/api/tests', {
    videoId,
    titles: ['Knife skills in ten minutes', 'Ten-minute knife skills'],
    rotationIntervalMinutes,
    winnerMetric: 'views',
  });

const washoutOf = async (id: string) =>
  (await testApp.built.app.db.select().from(titleTests).where(eq(titleTests.id, id)))[0]!.washoutMinutes;

beforeAll(async () => {
  testApp = await startTestApp();
  alex = await googleCreator(testApp, 'sim-alex');
  sam = await googleCreator(testApp, 'sim-sam');
});
afterAll(async () => {
  await testApp.close();
});

it('measures the lag on a channel’s finished test: a longer washout next time, and 1-hour windows refused', async () => {
  const pastId = await plantMeasuredLag(testApp, await ownerOf(testApp, 'alex.rivera@example.com'), {
    lagMinutes: LAG_MINUTES,
    videoId: 'lagged-video',
  });

  // The preview says why 1-hour windows cannot measure this channel, and what can.
  const hourly = await planFor(alex, 60);
  expect(hourly).toMatchObject({ canDecide: false, minimumDetectableLiftPercent: null });
  // A 45-minute lag read from 1-hour windows: the views have let go by the 50th minute.
  expect(hourly.lagMinutes).toBe(50);
  expect(hourly.summary).toBe(
    'On this channel, views keep following the previous title for about 50 minutes after a switch, so 1-hour windows would measure mostly the old title. Choose 2-hour windows or longer.',
  );
  expect(hourly.suggestion).toMatchObject({ rotationIntervalMinutes: 120 });

  // 2-hour windows are measured from 50 minutes after each switch, and the plan counts only that part.
  const twoHourly = await planFor(alex, 120);
  expect(twoHourly).toMatchObject({ canDecide: true, washoutMinutes: 50 });
  expect(twoHourly.summary).toContain('Each window is measured from 50 minutes after its switch');
  // A channel with no finished test is allowed up to an hour of lag: its 2-hour windows are measured
  // from an hour after each switch, so the same shape finds only larger differences there.
  const unmeasured = await planFor(sam, 120);
  expect(unmeasured).toMatchObject({ canDecide: true, washoutMinutes: 60, lagMinutes: null });
  expect(unmeasured.minimumDetectableLiftPercent!).toBeGreaterThan(twoHourly.minimumDetectableLiftPercent!);

  // Creation refuses the same, and stores the longer washout on the test it accepts.
  const refused = await create(alex, simulatedVideoId('sim-alex', 1), 60);
  expect(refused.status).toBe(400);
  expect(((await refused.json()) as { error: string }).error).toBe(hourly.summary);
  const accepted = await create(alex, simulatedVideoId('sim-alex', 1), 120);
  expect(accepted.status, await accepted.clone().text()).toBe(201);
  expect(await washoutOf(((await accepted.json()) as { id: string }).id)).toBe(50);

  // The verdict reads each window after the test's own washout.
  const record = (await loadTestRecord(testApp.built.app.db, pastId))!;
  const samples = await testApp.built.app.db
    .select()
    .from(metricSamples)
    .where(eq(metricSamples.videoId, 'lagged-video'));
  const measured = (washoutMinutes: number) =>
    observationsFrom({ ...record, test: { ...record.test, washoutMinutes } }, samples, [])[0]!.measuredHours;
  expect(measured(15)).toBeCloseTo(0.75, 6);
  expect(measured(30)).toBeCloseTo(0.5, 6);

  // The 1-hour refusal's suggestion is the plan of the shape it suggests.
  expect(hourly.suggestion!.minimumDetectableLiftPercent).toBe(twoHourly.minimumDetectableLiftPercent);
});

it('allows for an hour of lag on a channel that has not measured it: 1-hour windows refused, 2-hour windows washed out for an hour', async () => {
  // The preview for 2-hour windows says how they are measured there.
  const unmeasured = await planFor(sam, 120);
  expect(unmeasured).toMatchObject({ canDecide: true, washoutMinutes: 60, lagMinutes: null });
  expect(unmeasured.summary).toContain(
    'Each window is measured from 60 minutes after its switch: Titlewise has not yet measured how long views keep following the previous title on this channel, and allows for up to an hour.',
  );

  // A channel with no finished test has not measured its lag: 1-hour windows are refused with the
  // reason, and 2-hour windows get the hour allowed for it as their washout.
  const unmeasuredHourly = await planFor(sam, 60);
  expect(unmeasuredHourly).toMatchObject({
    canDecide: false,
    minimumDetectableLiftPercent: null,
    lagMinutes: null,
  });
  expect(unmeasuredHourly.summary).toMatch(
    /^Titlewise has not yet measured how long views keep following the previous title after a switch on this channel, so it allows for up to an hour, and 1-hour windows could measure mostly the old title\. Choose 2-hour windows or longer\./,
  );
  expect(unmeasuredHourly.suggestion).toMatchObject({ rotationIntervalMinutes: 120 });
  const hourlyElsewhere = await create(sam, simulatedVideoId('sim-sam', 1), 60);
  expect(hourlyElsewhere.status).toBe(400);
  const hourlyRefusal = ((await hourlyElsewhere.json()) as { error: string }).error;
  expect(hourlyRefusal).toMatch(
    /^Titlewise has not yet measured how long views keep following the previous title/,
  );
  expect(hourlyRefusal).toBe(unmeasuredHourly.summary);
  const elsewhere = await create(sam, simulatedVideoId('sim-sam', 1), 120);
  expect(elsewhere.status, await elsewhere.clone().text()).toBe(201);
  expect(await washoutOf(((await elsewhere.json()) as { id: string }).id)).toBe(60);
});
