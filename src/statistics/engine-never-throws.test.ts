// The engine never throws on data the product can collect (issue 24): random schedules, missing
// windows, zeros, fractions and extremes in every field. `ENGINE_FUZZ_RUNS=100000 npx vitest run
// src/statistics/engine-never-throws.test.ts` runs the long version.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROTATION_INTERVALS } from '../shared/title-test-rules';
import { generateSchedule } from './schedule';
import { analyzeTest } from './verdict';
import type { WindowObservation, WinnerMetric } from './window-analysis';

// eslint-disable-next-line no-restricted-properties -- the long run is a developer switch, not product configuration
const RUNS = Number(process.env.ENGINE_FUZZ_RUNS ?? 1000);

const count = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 5000 }), weight: 6 },
  { arbitrary: fc.constant(0), weight: 1 },
  { arbitrary: fc.integer({ min: 0, max: 5 }), weight: 1 },
  { arbitrary: fc.double({ min: 0, max: 1e9, noNaN: true }), weight: 1 },
);

const testCase = fc
  .record({
    titleCount: fc.integer({ min: 2, max: 5 }),
    metric: fc.constantFrom<WinnerMetric>('views', 'ctr', 'combined'),
    interval: fc.constantFrom(...ROTATION_INTERVALS),
    days: fc.oneof(fc.double({ min: 0.2, max: 2, noNaN: true }), fc.double({ min: 2, max: 20, noNaN: true })),
    startMinute: fc.integer({ min: 0, max: 60 * 24 * 365 }),
    seed: fc.string({ maxLength: 8 }),
    isFinal: fc.boolean(),
    keep: fc.oneof(fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })),
  })
  .chain((shape) => {
    const intervalMinutes = shape.metric === 'views' ? shape.interval : 1440;
    const start = new Date(Date.UTC(2026, 0, 1) + shape.startMinute * 60_000);
    const end = new Date(start.getTime() + shape.days * 86_400_000);
    const windows = generateSchedule({
      seed: shape.seed,
      titleCount: shape.titleCount,
      intervalMinutes,
      start,
      end,
    }).filter((slot) => slot.kind === 'window');
    const figures = fc.array(
      fc.record({
        kept: fc.double({ min: 0, max: 1, noNaN: true }),
        views: count,
        hours: fc.double({ min: 1e-3, max: intervalMinutes / 60, noNaN: true }),
        impressions: fc.option(count, { freq: 6 }),
        clickShare: fc.double({ min: 0, max: 1.2, noNaN: true }),
        watch: fc.option(count, { freq: 6 }),
      }),
      { minLength: windows.length, maxLength: windows.length },
    );
    return figures.map((values) => ({
      ...shape,
      intervalMinutes,
      start,
      end,
      windows: windows.flatMap((slot, i): WindowObservation[] => {
        const v = values[i]!;
        if (v.kept > shape.keep) return [];
        return [
          {
            titleIndex: slot.titleIndex,
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            measuredHours: v.hours,
            views: v.views,
            ...(v.impressions === null
              ? {}
              : { impressions: Math.round(v.impressions), clicks: Math.round(v.impressions * v.clickShare) }),
            ...(v.watch === null ? {} : { watchTimeSec: v.watch }),
          },
        ];
      }),
    }));
  });

describe('the engine on anything the product can collect', () => {
  it(
    'answers with a verdict and finite figures, never an exception',
    () => {
      let analysed = 0;
      fc.assert(
        fc.property(testCase, (test) => {
          const verdict = analyzeTest({
            windows: test.windows,
            titleCount: test.titleCount,
            metric: test.metric,
            intervalMinutes: test.intervalMinutes,
            isFinal: test.isFinal,
            seed: test.seed,
            scheduleSegments: [{ start: test.start, end: test.end }],
            redraws: 99,
            draws: 500,
          });
          expect(['winner', 'same', 'inconclusive']).toContain(verdict.verdict);
          if (verdict.titles.length > 0) analysed++;
          expect(verdict.recommendedTitleIndex).toBeGreaterThanOrEqual(0);
          expect(verdict.recommendedTitleIndex).toBeLessThan(test.titleCount);
          for (const title of verdict.titles)
            for (const value of [title.lift, title.liftLow, title.liftHigh, title.probabilityBest])
              expect(Number.isFinite(value)).toBe(true);
        }),
        { numRuns: RUNS, seed: 24 },
      );
      // Many cases must reach the randomisation test itself, not stop at "not enough data".
      expect(analysed / RUNS).toBeGreaterThan(0.1);
    },
    Math.max(120_000, RUNS * 20),
  );
});
