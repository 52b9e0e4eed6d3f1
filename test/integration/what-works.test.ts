import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_WORDS } from '../../src/shared/learning-features';
import { simulatedVideoId } from '../../src/youtube-simulator/video-store';
import { bearerCreator } from '../helpers/thumbnail-uploads';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { seedFinishedTests } from '../helpers/finished-tests';

// "What works here" (docs/learning.md) over REST: a channel's finished tests, as the product
// stored them (each variant's title, the final verdict's estimates), pooled per metric and
// feature; the export; and who may read it.

let testApp: TestApp;

beforeAll(async () => {
  testApp = await startTestApp();
}, 600_000);
afterAll(async () => {
  await testApp.close();
});

describe('what works here', () => {
  it('pools the channel’s finished tests per feature, honestly, and suggests the next test', async () => {
    const creator = await bearerCreator(testApp, 'sim-noor');
    // Nothing finished yet: an empty page that says what it needs.
    const empty = (await (await creator.get('/api/learning')).json()) as {
      finishedTests: number;
      metrics: unknown[];
    };
    expect(empty).toMatchObject({ finishedTests: 0, metrics: [], minimumTests: 3 });

    // A real test made through the API gives the rows their channel, user and shape.
    const created = await creator.post('/api/tests', {
      videoId: simulatedVideoId('sim-noor', 0),
      titles: [
        'I Used the Cheapest Mechanical Keyboard for a Month',
        'A Month With the Cheapest Mechanical Keyboard',
      ],
      winnerMetric: 'ctr',
      rotationIntervalMinutes: 1440,
      durationDays: 14,
      acknowledgeWeakPlan: true,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await seedFinishedTests(testApp, id, 16);

    const response = await creator.get('/api/learning');
    expect(response.status).toBe(200);
    const view = (await response.json()) as {
      finishedTests: number;
      metrics: Array<{
        metric: string;
        tests: number;
        features: Array<{
          feature: string;
          label: string;
          tests: number;
          lift: number | null;
          liftLow: number | null;
          liftHigh: number | null;
          verdict: string;
          testsNeeded: number;
        }>;
      }>;
      next: { feature: string; kind: string; metric: string } | null;
    };
    // The running test is not finished: only the sixteen count.
    expect(view.finishedTests).toBe(16);
    expect(view.metrics).toHaveLength(1);
    const [ctr] = view.metrics;
    expect(ctr).toMatchObject({ metric: 'ctr', tests: 16 });
    const byFeature = new Map(ctr!.features.map((item) => [item.feature, item]));
    const number = byFeature.get('number')!;
    expect(number).toMatchObject({ tests: 16, verdict: 'helps', label: FEATURE_WORDS.number });
    expect(number.liftLow!).toBeLessThan(0.08);
    expect(number.liftHigh!).toBeGreaterThan(0.08);
    expect(number.liftLow!).toBeGreaterThan(0);
    // Brackets came with the number in half the tests: no clear effect of their own is claimed
    // wrongly as "helps" unless the interval says so, and the question is still too rare.
    expect(byFeature.get('brackets')).toMatchObject({ tests: 8, verdict: 'unclear' });
    expect(byFeature.get('question')).toMatchObject({
      tests: 2,
      verdict: 'too-few',
      testsNeeded: 1,
      lift: null,
    });
    // Listed helpful first; the next test is a title feature no test has tried yet.
    expect(ctr!.features[0]!.verdict).toBe('helps');
    expect(view.next).toMatchObject({ kind: 'titles', metric: 'ctr' });
    expect(byFeature.has(view.next!.feature)).toBe(false);

    // The same as a download.
    const csv = await creator.get('/api/learning/export?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe('metric,feature,label,tests,lift,lift_low,lift_high,verdict,tests_needed');
    expect(lines).toHaveLength(1 + ctr!.features.length);
    expect(lines.some((line) => line.startsWith('ctr,number,') && line.endsWith(',helps,0'))).toBe(true);
    const json = await creator.get('/api/learning/export?format=json');
    expect(((await json.json()) as { finishedTests: number }).finishedTests).toBe(16);
    expect((await creator.get('/api/learning/export?format=xml')).status).toBe(400);

    // Another creator sees only their own channel's tests; the deployment view is for admins.
    const other = await bearerCreator(testApp, 'sim-sam');
    expect(
      ((await (await other.get('/api/learning')).json()) as { finishedTests: number }).finishedTests,
    ).toBe(0);
    expect((await other.get('/api/admin/learning')).status).toBe(403);
  });

  it('names nothing on a channel where no feature matters', async () => {
    // Leo's audience reads every title alike (the simulator's ground truth): the same sixteen tests,
    // adding a number each time, leave the number unclear, its interval around zero.
    const leo = await bearerCreator(testApp, 'sim-leo');
    const created = await leo.post('/api/tests', {
      videoId: simulatedVideoId('sim-leo', 0),
      titles: ['Painting Metallics Without Metallic Paint', 'Metallics Without Metallic Paint'],
      winnerMetric: 'ctr',
      rotationIntervalMinutes: 1440,
      durationDays: 14,
      acknowledgeWeakPlan: true,
    });
    expect(created.status).toBe(201);
    await seedFinishedTests(testApp, ((await created.json()) as { id: string }).id, 16);
    const view = (await (await leo.get('/api/learning')).json()) as {
      metrics: Array<{
        features: Array<{ feature: string; verdict: string; liftLow: number; liftHigh: number }>;
      }>;
    };
    const features = view.metrics[0]!.features;
    expect(features.filter((item) => item.verdict === 'helps' || item.verdict === 'hurts')).toEqual([]);
    const number = features.find((item) => item.feature === 'number')!;
    expect(number.verdict).toBe('unclear');
    expect(number.liftLow).toBeLessThan(0);
    expect(number.liftHigh).toBeGreaterThan(0);
  });
});
