import { describe, expect, it } from 'vitest';
import type { RotationLog } from '../../../api/test-types';
import { ctrDays, ctrTrendRows, ctrTrendSummary, titleSeriesNames } from './ctr-trend';

// Pacific midnight of 2026-11-0{day} (PST, UTC-8).
const midnight = (day: number) => `2026-11-${String(day).padStart(2, '0')}T08:00:00.000Z`;

const log = (
  title: string,
  day: number,
  ctrAtRotation: number | null,
  analysis: RotationLog['analysis'] = 'counted',
): RotationLog => ({
  order: day,
  title,
  titleText: `${title} text`,
  thumbnailUrl: null,
  activatedAt: midnight(day),
  ctrAtRotation,
  ctrSource: ctrAtRotation === null ? 'pending' : 'measured',
  viewsAtRotation: 100,
  averageViewDuration: null,
  durationSource: 'pending',
  durationMinutes: 1440,
  analysis,
  excludedBecause: analysis === 'excluded' ? 'too-short' : null,
  excludedReason: analysis === 'excluded' ? 'The test was paused.' : null,
  analysedViews: null,
  analysedHours: null,
  ctrExpectedAt: null,
  durationExpectedAt: null,
});

describe('ctrDays', () => {
  it('gives each title the CTR of the days it held, in day order', () => {
    const logs = [
      log('Title 1', 2, 4.04),
      log('Title 2', 3, 6.56),
      log('Title 1', 4, 4.5),
      log('Title 2', 5, null),
    ];
    expect(ctrDays(logs).map(({ day, title, ctr, label }) => ({ day, title, ctr, label }))).toEqual([
      { day: '2026-11-02', title: 'Title 1', ctr: 4, label: 'Nov 2' },
      { day: '2026-11-03', title: 'Title 2', ctr: 6.6, label: 'Nov 3' },
      { day: '2026-11-04', title: 'Title 1', ctr: 4.5, label: 'Nov 4' },
    ]);
  });

  it('leaves out what the verdict leaves out, and days two titles shared', () => {
    const shared = { ...log('Title 2', 3, 5), activatedAt: '2026-11-03T20:00:00.000Z', durationMinutes: 60 };
    const logs = [log('Title 1', 2, 4, 'excluded'), log('Title 1', 3, 5), shared, log('Title 3', 4, 7)];
    expect(ctrDays(logs).map((entry) => entry.title)).toEqual(['Title 3']);
  });
});

describe('the chart rows and summary', () => {
  it('puts each day under the key of the title that held it, and names every title', () => {
    const days = ctrDays([log('Title 1', 2, 4), log('Title 2', 3, 6)]);
    expect(ctrTrendRows(days)).toEqual([
      { label: 'Nov 2', 'Title 1': 4 },
      { label: 'Nov 3', 'Title 2': 6 },
    ]);
    expect(titleSeriesNames(3)).toEqual(['Title 1', 'Title 2', 'Title 3']);
    expect(ctrTrendSummary(days, 3)).toBe(
      'Daily CTR by title. Title 1: 4% on Nov 2; Title 2: 6% on Nov 3; Title 3: no day yet.',
    );
  });

  it('names a thumbnail test’s series as its rotations are named, so its lines are drawn', () => {
    const days = ctrDays([log('Thumbnail 1', 2, 4), log('Thumbnail 2', 3, 6), log('Thumbnail 3', 4, 5)]);
    const names = titleSeriesNames(3, 'thumbnails');
    expect(names).toEqual(['Thumbnail 1', 'Thumbnail 2', 'Thumbnail 3']);
    // Every row's value sits under one of the series' keys.
    for (const row of ctrTrendRows(days))
      expect(
        Object.keys(row)
          .filter((key) => key !== 'label')
          .every((key) => names.includes(key)),
      ).toBe(true);
    expect(ctrTrendSummary(days, 3, 'thumbnails')).toBe(
      'Daily CTR by thumbnail. Thumbnail 1: 4% on Nov 2; Thumbnail 2: 6% on Nov 3; Thumbnail 3: 5% on Nov 4.',
    );
  });
});
