import { describe, expect, it } from 'vitest';
import { nextPacificMidnight, pacificDay } from './pacific';

describe('pacific time', () => {
  it('names the Pacific day of an instant', () => {
    expect(pacificDay(new Date('2026-11-21T07:59:00Z'))).toBe('2026-11-20');
    expect(pacificDay(new Date('2026-11-21T08:00:00Z'))).toBe('2026-11-21');
  });

  it('finds the next Pacific midnight in winter and summer time', () => {
    expect(nextPacificMidnight(new Date('2026-11-21T12:00:00Z')).toISOString()).toBe('2026-11-22T08:00:00.000Z');
    expect(nextPacificMidnight(new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T07:00:00.000Z');
  });
});
