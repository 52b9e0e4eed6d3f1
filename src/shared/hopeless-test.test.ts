import { describe, expect, it } from 'vitest';
import { HOPELESS_CHANCE, HOPELESS_MIN_INFORMATION, isHopeless } from './hopeless-test';

describe('a hopeless test', () => {
  it('has under a 10% chance of a winner with a quarter of it measured', () => {
    expect(isHopeless(0.05, 0.5)).toBe(true);
    expect(isHopeless(0, HOPELESS_MIN_INFORMATION)).toBe(true);
  });

  it('is not called so on a chance of 10% or more', () => {
    expect(isHopeless(HOPELESS_CHANCE, 0.9)).toBe(false);
    expect(isHopeless(0.4, 0.9)).toBe(false);
  });

  it('is not called so before a quarter of it is measured: early chances swing too much', () => {
    expect(isHopeless(0.01, 0.2)).toBe(false);
  });

  it('is not called so when the server could not work out the chance', () => {
    expect(isHopeless(null, 1)).toBe(false);
  });
});
