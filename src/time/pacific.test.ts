import { describe, expect, it } from 'vitest';
import { addDays, nextPacificMidnight, pacificDay, pacificDayStart } from './pacific';

describe('pacific time', () => {
  it('names the Pacific day of an instant', () => {
    expect(pacificDay(new Date('2026-11-21T07:59:00Z'))).toBe('2026-11-20');
    expect(pacificDay(new Date('2026-11-21T08:00:00Z'))).toBe('2026-11-21');
  });

  it('finds the next Pacific midnight in winter and summer time', () => {
    expect(nextPacificMidnight(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe(
      '2026-11-22T08:00:00.000Z',
    );
    expect(nextPacificMidnight(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe(
      '2026-07-02T07:00:00.000Z',
    );
  });

  it('finds where a Pacific day starts, across daylight-saving changes', () => {
    expect(pacificDayStart('2026-11-21').toISOString()).toBe('2026-11-21T08:00:00.000Z');
    expect(pacificDayStart('2026-07-01').toISOString()).toBe('2026-07-01T07:00:00.000Z');
    // The spring-forward and fall-back days themselves start at the old offset.
    expect(pacificDayStart('2026-03-08').toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(pacificDayStart('2026-11-01').toISOString()).toBe('2026-11-01T07:00:00.000Z');
  });

  it('adds calendar days across month and year ends', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
