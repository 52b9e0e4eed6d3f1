import { describe, expect, it } from 'vitest';
import { dailyLookTimes, plannedLooks, unitReadyAt } from './look-schedule';
import { generateSchedule } from './schedule';

// Winter: Pacific is UTC−8, so 02:00 Pacific is 10:00 UTC.
const start = new Date('2026-01-05T18:17:00Z');

describe('the looks at a test', () => {
  it('reads every day at 02:00 Pacific while the test runs', () => {
    const looks = dailyLookTimes(start, new Date('2026-01-08T18:17:00Z'));
    expect(looks.map((at) => at.toISOString())).toEqual([
      '2026-01-06T10:00:00.000Z',
      '2026-01-07T10:00:00.000Z',
      '2026-01-08T10:00:00.000Z',
    ]);
  });

  it('sees a day of CTR at the daily import three days later, a views window at its end', () => {
    const day = { startsAt: new Date('2026-01-06T08:00:00Z'), endsAt: new Date('2026-01-07T08:00:00Z') };
    expect(unitReadyAt(day, true).toISOString()).toBe('2026-01-09T09:30:00.000Z');
    expect(unitReadyAt(day, false)).toEqual(day.endsAt);
  });

  it('plans a look per day that sees more, and a final one with every unit', () => {
    const end = new Date('2026-01-19T18:17:00Z');
    const units = generateSchedule({ seed: 's', titleCount: 2, intervalMinutes: 1440, start, end }).filter(
      (slot) => slot.kind === 'window',
    );
    const looks = plannedLooks(units, end, true);
    const final = looks.at(-1)!;
    expect(final).toMatchObject({ information: 1, final: true });
    // The final reading waits for the last day's figures.
    expect(final.at.getTime()).toBe(unitReadyAt(units.at(-1)!, true).getTime());
    const interim = looks.slice(0, -1);
    for (const look of interim) expect(look.at.getTime()).toBeLessThan(end.getTime());
    for (let i = 1; i < interim.length; i++)
      expect(interim[i]!.information).toBeGreaterThan(interim[i - 1]!.information);
  });
});
