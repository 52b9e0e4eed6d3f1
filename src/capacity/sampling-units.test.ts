import { describe, expect, it } from 'vitest';
import { samplingUnitsBetween } from './capacity-state';
import { sampledOnPass, SAMPLING_PASS_MINUTES, VIDEOS_PER_SAMPLING_CALL, type TestShape } from './cost-model';

/** The rule samplingUnitsBetween counts, pass by pass and test by test. */
function byEveryTest(
  tests: Array<{ shape: TestShape; startDate: Date; endDate: Date }>,
  from: Date,
  until: Date,
): number {
  const step = SAMPLING_PASS_MINUTES * 60_000;
  let units = 0;
  for (let at = Math.ceil(from.getTime() / step) * step; at < until.getTime(); at += step) {
    const pass = new Date(at);
    const due = tests.filter(
      (test) => test.startDate <= pass && test.endDate > pass && sampledOnPass(test.shape, pass),
    ).length;
    units += Math.ceil(due / VIDEOS_PER_SAMPLING_CALL);
  }
  return units;
}

describe('samplingUnitsBetween', () => {
  it('counts each pass’s calls as a test-by-test count does, for mixed cadences, starts and ends', () => {
    const shapes: TestShape[] = [
      { rotationIntervalMinutes: 120, winnerMetric: 'views' },
      { rotationIntervalMinutes: 480, winnerMetric: 'views' },
      { rotationIntervalMinutes: 1440, winnerMetric: 'ctr' },
      { rotationIntervalMinutes: 60, winnerMetric: 'combined' },
    ];
    const from = new Date('2026-11-29T08:07:00Z');
    const until = new Date(from.getTime() + 26 * 3_600_000);
    // A deterministic spread: tests that started before, start during and end during the day, some
    // on a pass's very minute, some between passes.
    const onPass = new Date('2026-11-29T08:00:00Z').getTime();
    const tests = Array.from({ length: 700 }, (_, index) => {
      const base = index % 3 === 0 ? from.getTime() : onPass;
      const start = base + ((index * 7_919) % 40) * 1_800_000 - 10 * 3_600_000;
      return {
        shape: shapes[index % shapes.length]!,
        startDate: new Date(start),
        endDate: new Date(start + (1 + ((index * 104_729) % 30)) * 3_600_000),
      };
    });
    for (const count of [0, 1, 49, 51, 700]) {
      const some = tests.slice(0, count);
      expect(samplingUnitsBetween(some, from, until)).toBe(byEveryTest(some, from, until));
    }
    expect(samplingUnitsBetween(tests, from, until)).toBeGreaterThan(0);
  });
});
