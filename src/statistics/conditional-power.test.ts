import { describe, expect, it } from 'vitest';
import { chanceOfWinnerByEnd } from './conditional-power';

const base = { plannedLogLift: Math.log(1.1), standardError: 0.04, finalBar: 0.03 };

describe('the chance of a winner by the end', () => {
  it('is high when the lead is already large, low when nothing shows late in the test', () => {
    expect(chanceOfWinnerByEnd({ ...base, lead: 3, information: 0.5 })).toBeGreaterThan(0.9);
    expect(chanceOfWinnerByEnd({ ...base, lead: 0, information: 0.8 })).toBeLessThan(0.1);
  });

  it('leaves room early in the test for the planned lift to show', () => {
    expect(chanceOfWinnerByEnd({ ...base, lead: 0, information: 0.2 })).toBeGreaterThan(0.2);
  });

  it('is the verdict itself at the end', () => {
    expect(chanceOfWinnerByEnd({ ...base, lead: 2.5, information: 1 })).toBe(1);
    expect(chanceOfWinnerByEnd({ ...base, lead: 1.5, information: 1 })).toBe(0);
  });
});
