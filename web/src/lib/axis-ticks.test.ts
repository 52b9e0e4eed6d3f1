import { describe, expect, it } from 'vitest';
import { axisTicks, formatAxisNumber } from './axis-ticks';

describe('axisTicks', () => {
  it('counts of at most 1 get 0 and 1, never fractions', () => {
    expect(axisTicks([1, 0, 1], { integer: true })).toEqual([0, 1]);
    expect(axisTicks([0, 0], { integer: true })).toEqual([0, 1]);
    expect(axisTicks([], { integer: true })).toEqual([0, 1]);
  });

  it('small counts step by whole numbers', () => {
    expect(axisTicks([3], { integer: true })).toEqual([0, 1, 2, 3]);
    expect(axisTicks([7], { integer: true })).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks([9], { integer: true })).toEqual([0, 5, 10]);
  });

  it('large counts get round steps', () => {
    expect(axisTicks([1234, 800], { integer: true })).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks([90_000], { integer: true })).toEqual([0, 25_000, 50_000, 75_000, 100_000]);
  });

  it('small fractions keep their decimals', () => {
    expect(axisTicks([0.35], { integer: false })).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
    expect(axisTicks([4.3, 2.1], { integer: false })).toEqual([0, 2, 4, 6]);
    expect(axisTicks([0.9], { integer: false })).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });

  it('ignores values that are not numbers', () => {
    expect(axisTicks([Number.NaN, 2], { integer: true })).toEqual([0, 1, 2]);
  });
});

describe('formatAxisNumber', () => {
  it('writes compact numbers without trailing zeros', () => {
    expect(formatAxisNumber(0)).toBe('0');
    expect(formatAxisNumber(250)).toBe('250');
    expect(formatAxisNumber(1000)).toBe('1K');
    expect(formatAxisNumber(1500)).toBe('1.5K');
    expect(formatAxisNumber(2250)).toBe('2.25K');
    expect(formatAxisNumber(1_200_000)).toBe('1.2M');
    expect(formatAxisNumber(0.05)).toBe('0.05');
  });
});
