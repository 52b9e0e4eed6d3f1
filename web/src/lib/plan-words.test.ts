import { describe, expect, it } from 'vitest';
import { aboutDays, formatLift, formatUnits } from './plan-words';

describe('the plan in words', () => {
  it('says days whole, and never fewer than one', () => {
    expect(aboutDays(0.3)).toBe('about 1 day');
    expect(aboutDays(1.4)).toBe('about 1 day');
    expect(aboutDays(4.6)).toBe('about 5 days');
  });

  it('groups quota units and keeps a lift’s one decimal', () => {
    expect(formatUnits(12_345.4)).toBe('12,345');
    expect(formatLift(12.5)).toBe('12.5%');
    expect(formatLift(140)).toBe('140%');
    expect(formatLift(1234)).toBe('1,234%');
  });
});
