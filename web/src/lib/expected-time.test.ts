import { describe, expect, it } from 'vitest';
import { formatClockTime, formatExpected, formatRelative } from './expected-time';

const now = new Date('2026-11-23T15:36:00Z');
const after = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('expected times in words', () => {
  it('says how far away an instant is, in the unit that fits', () => {
    expect(formatRelative(after(0.2), now)).toBe('in under a minute');
    expect(formatRelative(after(1), now)).toBe('in 1 minute');
    expect(formatRelative(after(24), now)).toBe('in 24 minutes');
    expect(formatRelative(after(144), now)).toBe('in 2 hours 24 minutes');
    expect(formatRelative(after(180), now)).toBe('in 3 hours');
    expect(formatRelative(after(20 * 60), now)).toBe('in 20 hours');
    expect(formatRelative(after(2 * 24 * 60 + 100), now)).toBe('in 2 days');
    expect(formatRelative(after(-180), now)).toBe('3 hours ago');
  });

  it('gives the clock time and, once passed, says it was due', () => {
    const soon = after(144);
    expect(formatExpected(soon, now)).toBe(`${formatClockTime(soon)} (in 2 hours 24 minutes)`);
    const late = after(-60);
    expect(formatExpected(late, now)).toBe(`${formatClockTime(late)} (due 60 minutes ago)`);
  });
});
