import { describe, expect, it } from 'vitest';
import { hopelessMessage, planPromise } from './test-promise';

const forecast = {
  minimumDetectableLiftPercent: 8.5,
  daysToVerdict: 3.7,
  noiseSource: 'channel' as const,
};

describe('the plan a test promises', () => {
  it('says the difference it finds and when its verdict likely comes', () => {
    expect(planPromise(forecast)).toBe(
      'Plan: finds a difference of about 8.5% 8 times in 10; verdict likely in about 4 days',
    );
  });

  it('says the plan was confirmed on the video’s traffic', () => {
    expect(planPromise({ ...forecast, noiseSource: 'video', confirmedAt: '2026-03-02T10:00:00Z' })).toBe(
      'Plan: finds a difference of about 8.5% 8 times in 10; verdict likely in about 4 days (confirmed on this video’s traffic)',
    );
  });

  it('says an assumed plan is assumed: until the video is read, or because it showed too little', () => {
    expect(planPromise({ ...forecast, noiseSource: 'assumed' })).toMatch(
      /about 4 days \(assumed until Titlewise has read this video\)$/,
    );
    expect(planPromise({ ...forecast, noiseSource: 'assumed', confirmedAt: '2026-03-02T10:00:00Z' })).toMatch(
      /\(assumed: this video showed too little traffic to confirm it\)$/,
    );
  });

  it('leaves out what the plan does not know', () => {
    expect(planPromise({ ...forecast, daysToVerdict: null })).toBe(
      'Plan: finds a difference of about 8.5% 8 times in 10',
    );
    expect(planPromise({ ...forecast, minimumDetectableLiftPercent: null })).toBe(
      'Plan: not expected to find a difference at this length',
    );
  });
});

describe('a test that will very likely end Inconclusive', () => {
  it('says its chance of a winner, in the kind’s words', () => {
    expect(hopelessMessage(0.062, 'titles')).toBe(
      'This test will very likely end Inconclusive: even if a title were as much better as planned, it has about 6% chance of naming a winner by its end.',
    );
    expect(hopelessMessage(0.004, 'thumbnails')).toMatch(
      /even if a thumbnail were as much better as planned, it has less than 1% chance of naming/,
    );
  });
});
