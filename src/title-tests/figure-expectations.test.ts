import { describe, expect, it } from 'vitest';
import {
  analyticsFiguresExpectedAt,
  nextDailyCollection,
  nextViewSample,
  reachFiguresExpectedAt,
} from './figure-expectations';

// November: Pacific time is UTC−8, so 01:30 Pacific is 09:30 UTC.
describe('when figures are expected', () => {
  it('view counts: the next 10-minute mark', () => {
    expect(nextViewSample(new Date('2026-11-23T15:44:10Z')).toISOString()).toBe('2026-11-23T15:50:00.000Z');
    expect(nextViewSample(new Date('2026-11-23T15:50:00Z')).toISOString()).toBe('2026-11-23T16:00:00.000Z');
  });

  it('the daily collection: the next 01:30 Pacific', () => {
    expect(nextDailyCollection(new Date('2026-11-23T09:00:00Z')).toISOString()).toBe(
      '2026-11-23T09:30:00.000Z',
    );
    expect(nextDailyCollection(new Date('2026-11-23T09:30:00Z')).toISOString()).toBe(
      '2026-11-24T09:30:00.000Z',
    );
    // Summer: 01:30 Pacific is 08:30 UTC.
    expect(nextDailyCollection(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe(
      '2026-07-02T08:30:00.000Z',
    );
  });

  it('Analytics serves a day two days later, collected at 01:30 that day', () => {
    expect(analyticsFiguresExpectedAt('2026-11-23').toISOString()).toBe('2026-11-25T09:30:00.000Z');
  });

  it('the reach report appears at 06:00 two days later, so CTR is collected the next night', () => {
    expect(reachFiguresExpectedAt('2026-11-23').toISOString()).toBe('2026-11-26T09:30:00.000Z');
  });
});
