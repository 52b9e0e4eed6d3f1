import { describe, expect, it } from 'vitest';
import type { WindowObservation } from '../statistics';
import { channelNoise } from './forecast.service';

// Issue 24, item 7: a 2-title plan on a channel whose finished test had 3 titles crashed with
// "window title index 2 outside 0…1".
function windows(titleCount: number, days: number): WindowObservation[] {
  const start = Date.UTC(2026, 10, 2, 8);
  return Array.from({ length: days * 24 }, (_, hour) => ({
    titleIndex: hour % titleCount,
    startsAt: new Date(start + hour * 3_600_000),
    endsAt: new Date(start + (hour + 1) * 3_600_000),
    measuredHours: 0.75,
    views: 40 + ((hour * 7919) % 23),
  }));
}

describe("the plan's channel noise", () => {
  it('reads a past test with more titles than the one planned', () => {
    const noise = channelNoise(windows(3, 5), { winnerMetric: 'views', rotationIntervalMinutes: 60 });
    expect(noise).not.toBeNull();
    expect(Number.isFinite(noise!.noise)).toBe(true);
    expect(noise!.df).toBeGreaterThan(5);
  });

  it('says nothing when there is no history or the fit cannot be made', () => {
    expect(channelNoise([], { winnerMetric: 'views', rotationIntervalMinutes: 60 })).toBeNull();
    const broken = windows(2, 1).map((window) => ({ ...window, views: Number.NaN }));
    expect(() => channelNoise(broken, { winnerMetric: 'views', rotationIntervalMinutes: 60 })).not.toThrow();
  });
});
