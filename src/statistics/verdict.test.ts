import { describe, expect, it } from 'vitest';
import type { TitleSummary } from './posterior';
import { measureProgress } from './progress';
import type { Progress } from './progress';
import { Random } from './random';
import { generateSchedule } from './schedule';
import { analyzeTest, decide, washoutMinutes } from './verdict';
import type { WindowObservation } from './window-analysis';

const met: Progress = { items: [], fraction: 1, met: true };
const summary = (titleIndex: number, values: Partial<TitleSummary>): TitleSummary => ({
  titleIndex,
  logEffect: 0,
  lift: 0,
  liftLow: -0.1,
  liftHigh: 0.1,
  probabilityBest: 0.5,
  expectedLoss: 0.01,
  ...values,
});
const twoTitles = (p: number, loss: number, interval: [number, number] = [-0.01, 0.15]): TitleSummary[] => [
  summary(0, { probabilityBest: 1 - p, expectedLoss: 0.05, lift: 0, liftLow: 0, liftHigh: 0 }),
  summary(1, {
    probabilityBest: p,
    expectedLoss: loss,
    lift: 0.07,
    liftLow: interval[0],
    liftHigh: interval[1],
  }),
];

describe('decide (STATISTICS.md §4)', () => {
  it('declares a winner at the end at P(best) ≥ 0.95 with expected loss ≤ 0.5%', () => {
    const decision = decide(twoTitles(0.97, 0.001), met, true, 'views');
    expect(decision).toMatchObject({ verdict: 'winner', winnerTitleIndex: 1, recommendedTitleIndex: 1 });
    expect(decision.reason).toMatch(/^Title 2 wins: 97% chance to be best, \+7\.0% views per hour/);
  });

  it('does not declare a winner when the expected loss is too high', () => {
    expect(decide(twoTitles(0.97, 0.006), met, true, 'views').verdict).toBe('preferred');
  });

  it('needs P(best) ≥ 0.999 for a winner before the end date, because the test is checked as it runs', () => {
    const interim = decide(twoTitles(0.97, 0.001), met, false, 'views');
    expect(interim).toMatchObject({ verdict: 'inconclusive', recommendedTitleIndex: 0 });
    expect(interim.reason).toMatch(/before the end date a winner needs 99\.9%/);
    expect(decide(twoTitles(0.9995, 0.0001), met, false, 'views')).toMatchObject({
      verdict: 'winner',
      winnerTitleIndex: 1,
    });
  });

  it('keeps testing before the end, then prefers at P ≥ 0.8 or keeps the original', () => {
    expect(decide(twoTitles(0.85, 0.01), met, false, 'ctr')).toMatchObject({
      verdict: 'inconclusive',
      recommendedTitleIndex: 0,
    });
    expect(decide(twoTitles(0.85, 0.01), met, true, 'ctr')).toMatchObject({
      verdict: 'preferred',
      winnerTitleIndex: 1,
      recommendedTitleIndex: 1,
    });
    expect(decide(twoTitles(0.6, 0.01), met, true, 'ctr')).toMatchObject({
      verdict: 'inconclusive',
      winnerTitleIndex: null,
      recommendedTitleIndex: 0,
      reason: 'No clear winner — keep the original.',
    });
  });

  it('stops early with "no meaningful difference" when every interval is within ±2%', () => {
    expect(decide(twoTitles(0.7, 0.002, [-0.015, 0.019]), met, false, 'views').verdict).toBe('no_difference');
    expect(decide(twoTitles(0.7, 0.002, [-0.015, 0.021]), met, false, 'views').verdict).toBe('inconclusive');
  });

  it('names the original when it wins', () => {
    const titles = [
      summary(0, { probabilityBest: 0.96, expectedLoss: 0.001 }),
      summary(1, { probabilityBest: 0.04 }),
    ];
    expect(decide(titles, met, true, 'views')).toMatchObject({ verdict: 'winner', winnerTitleIndex: 0 });
    expect(decide(titles, met, true, 'views').reason).toMatch(/^Title 1 wins/);
  });

  it('gives no verdict before the minimums, even with a huge effect', () => {
    const progress: Progress = {
      items: [{ key: 'days', label: 'days', current: 2, required: 3, met: false }],
      fraction: 2 / 3,
      met: false,
    };
    expect(decide(twoTitles(0.999, 0), progress, false, 'views')).toMatchObject({
      verdict: 'inconclusive',
      reason: 'Not enough data yet: 2 of 3 days.',
    });
    expect(decide(twoTitles(0.999, 0), progress, true, 'views').reason).toMatch(
      /ended before the minimum sample.*keep the original/,
    );
  });
});

/** Windows of a schedule with a daily cycle, decay, log-normal noise and a true lift per title. */
function simulate(options: {
  titleCount: number;
  intervalMinutes: number;
  days: number;
  lifts: number[];
  noise: number;
  seed: string;
}): WindowObservation[] {
  const start = new Date('2026-01-12T08:00:00Z');
  const slots = generateSchedule({
    ...options,
    start,
    end: new Date(start.getTime() + options.days * 86_400_000),
  });
  const random = new Random(options.seed);
  const hours = (options.intervalMinutes - washoutMinutes(options.intervalMinutes)) / 60;
  return slots
    .filter((slot) => slot.kind === 'window')
    .map((slot) => {
      const ageDays = (slot.startsAt.getTime() - start.getTime()) / 86_400_000;
      const cycle = 1 + 0.5 * Math.cos((2 * Math.PI * slot.startsAt.getUTCHours()) / 24);
      const rate = 300 * Math.pow(0.9, ageDays) * cycle * (1 + (options.lifts[slot.titleIndex] ?? 0));
      const views = Math.round(rate * hours * Math.exp(options.noise * random.normal()));
      const impressions = Math.round(rate * hours * 20);
      return {
        titleIndex: slot.titleIndex,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        measuredHours: hours,
        views,
        impressions,
        clicks: views,
      };
    });
}

describe('analyzeTest', () => {
  it('finds a clear +20% winner at the end of a week of hourly windows', () => {
    const windows = simulate({
      titleCount: 3,
      intervalMinutes: 60,
      days: 7,
      lifts: [0, 0.2, 0],
      noise: 0.25,
      seed: 'w1',
    });
    const verdict = analyzeTest({
      windows,
      titleCount: 3,
      metric: 'views',
      intervalMinutes: 60,
      isFinal: true,
      seed: 's',
    });
    expect(verdict).toMatchObject({ verdict: 'winner', winnerTitleIndex: 1, method: 'multivariate-t' });
    const winner = verdict.titles[1] as TitleSummary;
    expect(winner.liftLow).toBeLessThan(0.2);
    expect(winner.liftHigh).toBeGreaterThan(0.2);
    expect(verdict.progress.met).toBe(true);
    expect(verdict.residualDf).toBe(verdict.progress.items.find((i) => i.key === 'residualDf')?.current);
  });

  it('recovers the lift with daily windows from block effects and log(age)', () => {
    const windows = simulate({
      titleCount: 2,
      intervalMinutes: 1440,
      days: 40,
      lifts: [0, 0.1],
      noise: 0.05,
      seed: 'd1',
    });
    const verdict = analyzeTest({
      windows,
      titleCount: 2,
      metric: 'views',
      intervalMinutes: 1440,
      isFinal: true,
      seed: 's',
    });
    const lift = verdict.titles[1]?.lift ?? 0;
    expect(lift).toBeGreaterThan(0.06);
    expect(lift).toBeLessThan(0.14);
  });

  it('does not call identical titles, and waits for three days', () => {
    const windows = simulate({
      titleCount: 2,
      intervalMinutes: 60,
      days: 7,
      lifts: [0, 0],
      noise: 0.3,
      seed: 'same',
    });
    const verdict = analyzeTest({
      windows,
      titleCount: 2,
      metric: 'views',
      intervalMinutes: 60,
      isFinal: false,
      seed: 's',
    });
    expect(verdict.verdict).not.toBe('winner');
    expect(verdict.method).toBe('closed-form');
    const early = analyzeTest({
      windows: windows.slice(0, 40),
      titleCount: 2,
      metric: 'views',
      intervalMinutes: 60,
      isFinal: false,
      seed: 's',
    });
    expect(early.verdict).toBe('inconclusive');
    expect(early.reason).toMatch(/^Not enough data yet: 1\.\d of 3 days/);
  });

  it('needs impressions for CTR and says so', () => {
    const windows = simulate({
      titleCount: 2,
      intervalMinutes: 60,
      days: 5,
      lifts: [0, 0],
      noise: 0.3,
      seed: 'c',
    }).map(({ impressions: _impressions, ...rest }) => rest);
    const verdict = analyzeTest({
      windows,
      titleCount: 2,
      metric: 'ctr',
      intervalMinutes: 60,
      isFinal: false,
      seed: 's',
    });
    expect(verdict.verdict).toBe('inconclusive');
    expect(verdict.titles).toEqual([]);
    expect(verdict.reason).toMatch(/no windows with ctr data/);
  });

  it('falls back to views for "combined" when view duration is not measured', () => {
    const windows = simulate({
      titleCount: 2,
      intervalMinutes: 60,
      days: 5,
      lifts: [0, 0.3],
      noise: 0.2,
      seed: 'm',
    });
    const verdict = analyzeTest({
      windows,
      titleCount: 2,
      metric: 'combined',
      intervalMinutes: 60,
      isFinal: false,
      seed: 's',
    });
    expect(verdict.notes.join(' ')).toMatch(/compared on views alone/);
    expect(verdict.winnerTitleIndex).toBe(1);
  });
});

describe('minimums and washout', () => {
  it('counts windows, views and clicks per title', () => {
    const windows = simulate({
      titleCount: 2,
      intervalMinutes: 60,
      days: 2,
      lifts: [0, 0],
      noise: 0.1,
      seed: 'p',
    });
    const progress = measureProgress(windows, 2, 'ctr', 12);
    const byKey = Object.fromEntries(progress.items.map((item) => [item.key, item]));
    expect(byKey.windowsPerTitle?.current).toBe(24);
    expect(byKey.days?.met).toBe(false);
    expect(byKey.residualDf).toMatchObject({ current: 12, met: true });
    expect(byKey.clicksPerTitle?.met).toBe(true);
    expect(progress.met).toBe(false);
    expect(progress.fraction).toBeCloseTo(2 / 3, 1);
  });

  it('ignores max(15 min, 10% of the window) after a switch', () => {
    expect([60, 120, 240, 480, 720, 1440].map(washoutMinutes)).toEqual([15, 15, 24, 48, 72, 144]);
  });
});
