import { describe, expect, it } from 'vitest';
import { estimateLag, type SwitchWindow } from './lag';
import { Random } from './random';
import { generateSchedule } from './schedule';

const HOUR = 3_600_000;
const START = new Date('2026-03-02T08:00:00Z');

interface Traffic {
  seed: string;
  /** Multiplier of each title's views (title 1 first). */
  lifts: number[];
  /** Minutes after a switch views still follow the previous title. */
  lagMinutes: number;
  /**
   * Instead, a lag spread evenly over this many minutes (a counter 0–N minutes late): at minute m
   * after a switch, a share 1 − m/N of the views still follows the previous title.
   */
  spreadMinutes?: number;
  intervalMinutes?: number;
  days?: number;
  viewsPerHour?: number;
  /** Standard deviation of the hourly log-normal traffic noise. */
  noise?: number;
}

/**
 * A test's windows on synthetic traffic (a daily cycle, hourly noise, Poisson counts), its
 * schedule drawn as the product draws it; for `lagMinutes` after each switch the views follow the
 * title before.
 */
function syntheticWindows(traffic: Traffic): SwitchWindow[] {
  const interval = traffic.intervalMinutes ?? 60;
  const random = new Random(traffic.seed);
  const slots = generateSchedule({
    seed: traffic.seed,
    titleCount: traffic.lifts.length,
    intervalMinutes: interval,
    start: START,
    end: new Date(START.getTime() + (traffic.days ?? 14) * 24 * HOUR),
  });
  const hourNoise = new Map<number, number>();
  const level = (minute: number) => {
    const hour = Math.floor(minute / 60);
    if (!hourNoise.has(hour)) hourNoise.set(hour, Math.exp((traffic.noise ?? 0.3) * random.normal()));
    const cycle = 1 + 0.4 * Math.sin((2 * Math.PI * minute) / 1440);
    return ((traffic.viewsPerHour ?? 200) / 60) * cycle * hourNoise.get(hour)!;
  };
  const windows: SwitchWindow[] = [];
  slots.forEach((slot, index) => {
    const previous = index > 0 ? slots[index - 1]!.titleIndex : null;
    const from = (slot.startsAt.getTime() - START.getTime()) / 60_000;
    const minutes = (slot.endsAt.getTime() - slot.startsAt.getTime()) / 60_000;
    const bins: number[] = [];
    for (let bin = 0; bin < Math.floor(minutes / 10); bin++) {
      let mean = 0;
      for (let minute = bin * 10; minute < bin * 10 + 10; minute++) {
        const spread = traffic.spreadMinutes;
        const previousShare =
          previous === null
            ? 0
            : spread
              ? Math.max(0, 1 - minute / spread)
              : minute < traffic.lagMinutes
                ? 1
                : 0;
        const lift =
          previousShare * traffic.lifts[previous ?? slot.titleIndex]! +
          (1 - previousShare) * traffic.lifts[slot.titleIndex]!;
        mean += level(from + minute) * lift;
      }
      bins.push(random.poisson(mean));
    }
    if (slot.kind === 'window')
      windows.push({ titleIndex: slot.titleIndex, previousTitleIndex: previous, binViews: bins });
  });
  return windows;
}

const estimate = (traffic: Traffic) => estimateLag([syntheticWindows(traffic)]);
const SEEDS = ['a', 'b', 'c', 'd', 'e'];

describe('estimateLag', () => {
  it.each([0, 30, 60])('reads a %i-minute lag from 2-hour windows with a clear lift', (lagMinutes) => {
    for (const seed of SEEDS) {
      const lag = estimate({ seed, lifts: [1, 1.4], lagMinutes, intervalMinutes: 120, viewsPerHour: 300 });
      expect(lag, seed).not.toBeNull();
      expect(lag!.atLeast).toBe(false);
      // A sharp switch reads within a few minutes; none reads as about 3 minutes (half a bin).
      expect(Math.abs(lag!.minutes - Math.max(lagMinutes, 3)), seed).toBeLessThan(6);
    }
  });

  it('plans the washout to when the views have let go, not to half-way, for a lag spread over an hour', () => {
    for (const seed of [...SEEDS, 'f', 'g', 'h']) {
      const lag = estimate({
        seed,
        lifts: [1, 1.4],
        lagMinutes: 0,
        spreadMinutes: 60,
        intervalMinutes: 120,
        viewsPerHour: 600,
      });
      expect(lag, seed).not.toBeNull();
      // Half the gap is gone by 30 minutes; all but a tenth of it from the 50–60 bin on.
      expect(Math.abs(lag!.minutes - 30), seed).toBeLessThan(12);
      expect(lag!.clearAtLeast).toBe(false);
      expect(lag!.clearMinutes, seed).toBeGreaterThan(lag!.minutes + 8);
      expect([40, 50, 60], seed).toContain(lag!.clearMinutes);
    }
  });

  it('clears a sharp lag by the bin after it ends (a noisy bin may add one), and no lag at once', () => {
    for (const seed of SEEDS) {
      const lag = estimate({
        seed,
        lifts: [1, 1.4],
        lagMinutes: 45,
        intervalMinutes: 120,
        viewsPerHour: 300,
      });
      expect([50, 60], seed).toContain(lag!.clearMinutes);
      const none = estimate({ seed, lifts: [1, 1.4], lagMinutes: 0, intervalMinutes: 60, viewsPerHour: 300 });
      expect(none!.clearMinutes, seed).toBeLessThan(20);
    }
  });

  it('reads a sharp lag that ends inside the last bin looked at, on hourly windows', () => {
    // A 45-minute lag on 1-hour windows: the 40–50 bin reads about half the gap, the bins before
    // the whole of it. Noise puts that bin just above or below one half; either way the views follow
    // the new title from within it, not "at least 50 minutes".
    for (const seed of [...SEEDS, 'f', 'g', 'h', 'i', 'j']) {
      const lag = estimate({
        seed,
        lifts: [1, 1.4],
        lagMinutes: 45,
        intervalMinutes: 60,
        viewsPerHour: 300,
      })!;
      expect(lag.atLeast, seed).toBe(false);
      expect(Math.abs(lag.minutes - 45), seed).toBeLessThan(3);
      expect(lag).toMatchObject({ clearMinutes: 50, clearAtLeast: false });
    }
  });

  it('reads the lag whichever title is better, with three titles and a lower lift', () => {
    for (const seed of SEEDS) {
      const lag = estimate({
        seed,
        lifts: [1.4, 1, 1.2],
        lagMinutes: 30,
        intervalMinutes: 60,
        viewsPerHour: 600,
      });
      expect(lag, seed).not.toBeNull();
      expect(Math.abs(lag!.minutes - 30), seed).toBeLessThan(6);
    }
  });

  it('pools tests: each is compared within itself', () => {
    const tests = ['f', 'g'].map((seed, index) =>
      // Two tests whose better title is not the same.
      syntheticWindows({
        seed,
        lifts: index ? [1, 1.4] : [1.4, 1],
        lagMinutes: 40,
        intervalMinutes: 120,
        viewsPerHour: 300,
      }),
    );
    const lag = estimateLag(tests)!;
    expect(Math.abs(lag.minutes - 40)).toBeLessThan(6);
    expect(lag.switches).toBeGreaterThan(estimateLag([tests[0]!])!.switches);
  });

  it('says "at least" when the windows end before the views follow the new title', () => {
    // Hourly windows are read up to 50 minutes (the last 10 minutes are their late level).
    const lag = estimate({
      seed: 'h',
      lifts: [1, 1.4],
      lagMinutes: 50,
      intervalMinutes: 60,
      viewsPerHour: 600,
    })!;
    expect(lag).toMatchObject({ minutes: 50, atLeast: true });
  });

  it('is not moved by a spike in one window', () => {
    for (const seed of SEEDS) {
      const windows = syntheticWindows({ seed, lifts: [1, 1.4], lagMinutes: 0, viewsPerHour: 100 });
      const calm = estimateLag([windows])!;
      // A burst of 1,000 views (about sixty times a bin's usual) 30 minutes after one switch.
      const burst = windows.findIndex((window) => window.previousTitleIndex === 1 && window.titleIndex === 0);
      const spiked = windows.map((window, index) =>
        index === burst
          ? { ...window, binViews: window.binViews.map((views, bin) => (bin === 3 ? views + 1000 : views)) }
          : window,
      );
      const lag = estimateLag([spiked])!;
      expect(lag.shares[3]!.share, seed).not.toBeCloseTo(calm.shares[3]!.share, 1);
      expect(lag.minutes, seed).toBeLessThan(6);
    }
  });

  it('reads nothing when the titles perform the same', () => {
    for (let seed = 0; seed < 20; seed++) {
      for (const viewsPerHour of [100, 10_000])
        expect(estimate({ seed: `same-${seed}`, lifts: [1, 1], lagMinutes: 45, viewsPerHour })).toBeNull();
    }
  });

  it('reads nothing from a lift too small to see the lag by', () => {
    expect(estimate({ seed: 'small', lifts: [1, 1.03], lagMinutes: 45, viewsPerHour: 100 })).toBeNull();
  });

  it('reads nothing without switches between titles it knows', () => {
    const windows = syntheticWindows({ seed: 'p', lifts: [1, 1.5], lagMinutes: 30, intervalMinutes: 120 });
    expect(estimateLag([windows.map((window) => ({ ...window, previousTitleIndex: null }))])).toBeNull();
    expect(estimateLag([])).toBeNull();
    expect(estimateLag([[{ titleIndex: 0, previousTitleIndex: 1, binViews: [] }]])).toBeNull();
  });
});
