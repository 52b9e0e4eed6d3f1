import { describe, expect, it } from 'vitest';
import { formatClock, formatDay, formatMoment, isTimeZone } from './moments';

describe('moments in the creator’s own time zone', () => {
  const at = new Date('2026-12-11T08:48:00Z');

  it('names the zone, and one moment reads alike wherever it is written', () => {
    expect(formatMoment(at, 'Europe/Paris')).toBe('Fri, Dec 11, 9:48 AM GMT+1');
    expect(formatMoment(at, 'UTC')).toBe('Fri, Dec 11, 8:48 AM UTC');
    expect(formatClock(at, 'UTC')).toBe('8:48 AM UTC');
  });

  it('falls back to Pacific time without a zone, or with one the runtime does not know', () => {
    expect(formatMoment(at, null)).toBe('Fri, Dec 11, 12:48 AM PST');
    expect(formatMoment(at, 'Mars/Olympus_Mons')).toBe('Fri, Dec 11, 12:48 AM PST');
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('America/New_York')).toBe(true);
  });

  it('names a day of YouTube’s figures as a date', () => {
    expect(formatDay('2026-11-21')).toBe('Sat, Nov 21');
  });
});
