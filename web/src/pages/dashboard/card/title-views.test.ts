import { describe, expect, it } from 'vitest';
import type { RotationLog } from '../../../api/test-types';
import { excludedRotations, viewsPerTitle } from './title-views';

const log = (
  titleText: string,
  viewsAtRotation: number | null,
  analysis: RotationLog['analysis'] = 'counted',
  analysed: { views: number; hours: number } | null = viewsAtRotation === null
    ? null
    : { views: viewsAtRotation * 0.75, hours: 0.75 },
): RotationLog => ({
  order: 1,
  title: 'Title 1',
  titleText,
  thumbnailUrl: null,
  activatedAt: null,
  ctrAtRotation: null,
  ctrSource: 'pending',
  viewsAtRotation,
  averageViewDuration: null,
  durationSource: 'pending',
  durationMinutes: null,
  analysis,
  excludedBecause: analysis === 'excluded' ? 'too-short' : null,
  excludedReason: analysis === 'excluded' ? 'The test was paused.' : null,
  analysedViews: analysis === 'counted' ? (analysed?.views ?? null) : null,
  analysedHours: analysis === 'counted' ? (analysed?.hours ?? null) : null,
  ctrExpectedAt: null,
  durationExpectedAt: null,
});

/** A title's entry with views only (no CTR or watch-time day counted yet). */
const viewsBar = (number: number, title: string, viewsPerHour: number | null, countedWindows: number) => ({
  label: `T${number}`,
  title,
  viewsPerHour,
  countedWindows,
  ctr: null,
  ctrDays: 0,
  watchPerImpression: null,
  watchDays: 0,
});

describe('viewsPerTitle', () => {
  it('tells a thumbnail test’s variants apart by their image, as they share the title', () => {
    const withImage = (url: string, views: number): RotationLog => ({
      ...log('Same title', views),
      thumbnailUrl: url,
    });
    const logs = [withImage('/a', 10), withImage('/b', 4), withImage('/a', 20)];
    expect(
      viewsPerTitle(['Same title', 'Same title'], logs, ['/a', '/b']).map((entry) => entry.countedWindows),
    ).toEqual([2, 1]);
  });

  it('gives one bar per title of the test, however many rotations ran', () => {
    const logs = [log('A', 10), log('B', 4), log('C', 6), log('A', 20), log('Not in test', 99)];
    expect(viewsPerTitle(['A', 'B', 'C'], logs)).toEqual([
      viewsBar(1, 'A', 15, 2),
      viewsBar(2, 'B', 4, 1),
      viewsBar(3, 'C', 6, 1),
    ]);
  });

  it('leaves a title without counted windows at null', () => {
    expect(viewsPerTitle(['A', 'B'], [log('A', null)])).toEqual([
      viewsBar(1, 'A', null, 0),
      viewsBar(2, 'B', null, 0),
    ]);
  });

  it('counts only what the verdict counts: a left-out or live window never moves a bar', () => {
    // Issue 24, item 6: a window of 4.6K views the verdict left out crowned Title 1 on the chart.
    const logs = [log('A', 40), log('A', 4600, 'excluded'), log('B', 60), log('B', 5, 'pending')];
    expect(viewsPerTitle(['A', 'B'], logs)).toEqual([viewsBar(1, 'A', 40, 1), viewsBar(2, 'B', 60, 1)]);
    expect(excludedRotations(logs)).toBe(1);
  });

  it('weighs a window by the hours it was measured, as the verdict does', () => {
    const logs = [
      log('A', null, 'counted', { views: 30, hours: 1 }),
      log('A', null, 'counted', { views: 5, hours: 0.5 }),
    ];
    expect(viewsPerTitle(['A'], logs)[0]!.viewsPerHour).toBe(23.3);
  });

  it('gives a CTR-judged test the mean of its counted days’ CTR, leaving out what the verdict leaves out', () => {
    const day = (
      titleText: string,
      ctr: number,
      analysis: RotationLog['analysis'] = 'counted',
    ): RotationLog => ({
      ...log(titleText, 100, analysis),
      ctrAtRotation: ctr,
      ctrSource: 'measured',
    });
    const logs = [day('A', 4), day('A', 5), day('B', 6.5), day('B', 20, 'excluded')];
    expect(viewsPerTitle(['A', 'B'], logs).map(({ ctr, ctrDays }) => ({ ctr, ctrDays }))).toEqual([
      { ctr: 4.5, ctrDays: 2 },
      { ctr: 6.5, ctrDays: 1 },
    ]);
  });

  it('gives a watch-time-judged test its seconds watched per impression, daily CTR × average view duration', () => {
    const day = (titleText: string, ctr: number, seconds: number | null): RotationLog => ({
      ...log(titleText, 100),
      ctrAtRotation: ctr,
      ctrSource: 'measured',
      averageViewDuration: seconds,
      durationSource: seconds === null ? 'pending' : 'measured',
    });
    // A: 5% × 240 s = 12 s and 4% × 200 s = 8 s; B: 6% × 100 s = 6 s, its second day still pending.
    const logs = [day('A', 5, 240), day('A', 4, 200), day('B', 6, 100), day('B', 7, null)];
    expect(
      viewsPerTitle(['A', 'B'], logs).map(({ watchPerImpression, watchDays }) => ({
        watchPerImpression,
        watchDays,
      })),
    ).toEqual([
      { watchPerImpression: 10, watchDays: 2 },
      { watchPerImpression: 6, watchDays: 1 },
    ]);
  });
});
