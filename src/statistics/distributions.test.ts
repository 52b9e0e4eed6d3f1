import { describe, expect, it } from 'vitest';
import {
  normalCdf,
  normalPdf,
  sampleQuantile,
  sortedQuantile,
  studentTCdf,
  studentTQuantile,
} from './distributions';

describe('normalCdf', () => {
  // Reference values from R's pnorm.
  it.each([
    [0, 0.5],
    [1, 0.8413447460685429],
    [-1, 0.15865525393145707],
    [1.959963984540054, 0.975],
    [-3, 0.0013498980316301035],
    [2.5, 0.9937903346742238],
    [-8, 6.22096057427178e-16],
    [0.1, 0.539827837277029],
  ])('Φ(%s) = %s', (x, expected) => {
    expect(Math.abs(normalCdf(x) - expected)).toBeLessThan(1e-12);
  });

  it('is symmetric and saturates', () => {
    for (const x of [0.3, 1.7, 4.2, 9]) expect(normalCdf(x) + normalCdf(-x)).toBeCloseTo(1, 14);
    expect(normalCdf(40)).toBe(1);
    expect(normalCdf(-40)).toBe(0);
  });

  it('has the standard density', () => {
    expect(normalPdf(0)).toBeCloseTo(0.3989422804014327, 15);
  });
});

describe('sample quantiles', () => {
  it('interpolates between order statistics like R type 7', () => {
    expect(sortedQuantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(sortedQuantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(sampleQuantile([4, 1, 3, 2], 1)).toBe(4);
    expect(sampleQuantile([4, 1, 3, 2], 0)).toBe(1);
    expect(Number.isNaN(sampleQuantile([], 0.5))).toBe(true);
  });
});

describe('Student t', () => {
  it('matches tabulated quantiles and is the normal at infinite df', () => {
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062, 3);
    expect(studentTQuantile(0.975, 4)).toBeCloseTo(2.7764, 3);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.0423, 3);
    expect(studentTQuantile(0.8, 10)).toBeCloseTo(0.8791, 3);
    expect(studentTCdf(2.228139, 10)).toBeCloseTo(0.975, 5);
    expect(studentTCdf(-1.5, 7)).toBeCloseTo(1 - studentTCdf(1.5, 7), 12);
    expect(studentTQuantile(0.975, Infinity)).toBeCloseTo(1.959964, 5);
  });
});
