import { describe, expect, it } from 'vitest';
import { titleProblem } from './title-rules';

describe('YouTube title rules', () => {
  it('accepts up to 100 characters, counting emoji as one', () => {
    expect(titleProblem('a'.repeat(100))).toBeNull();
    expect(titleProblem(`${'a'.repeat(99)}🍜`)).toBeNull();
  });

  it('refuses empty, too long, and angle brackets', () => {
    expect(titleProblem('   ')).toMatch(/empty/);
    expect(titleProblem('a'.repeat(101))).toMatch(/at most 100 characters \(this one has 101\)/);
    expect(titleProblem('Best <script> ever')).toMatch(/< or >/);
    expect(titleProblem('5 > 3')).toMatch(/< or >/);
  });
});
