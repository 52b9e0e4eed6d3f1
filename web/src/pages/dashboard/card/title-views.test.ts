import { describe, expect, it } from 'vitest';
import type { RotationLog } from '../../../api/test-types';
import { viewsPerTitle } from './title-views';

const log = (titleText: string, viewsAtRotation: number | null): RotationLog => ({
  order: 1,
  title: 'Title 1',
  titleText,
  activatedAt: null,
  ctrAtRotation: null,
  ctrSource: 'pending',
  viewsAtRotation,
  averageViewDuration: null,
  durationSource: 'pending',
  durationMinutes: null,
  ctrExpectedAt: null,
  durationExpectedAt: null,
});

describe('viewsPerTitle', () => {
  it('gives one bar per title of the test, however many rotations ran', () => {
    const logs = [log('A', 10), log('B', 4), log('C', 6), log('A', 20), log('Not in test', 99)];
    expect(viewsPerTitle(['A', 'B', 'C'], logs)).toEqual([
      { label: 'T1', title: 'A', viewsPerRotation: 15, measuredRotations: 2 },
      { label: 'T2', title: 'B', viewsPerRotation: 4, measuredRotations: 1 },
      { label: 'T3', title: 'C', viewsPerRotation: 6, measuredRotations: 1 },
    ]);
  });

  it('leaves a title without measured rotations at null', () => {
    expect(viewsPerTitle(['A', 'B'], [log('A', null)])).toEqual([
      { label: 'T1', title: 'A', viewsPerRotation: null, measuredRotations: 0 },
      { label: 'T2', title: 'B', viewsPerRotation: null, measuredRotations: 0 },
    ]);
  });
});
