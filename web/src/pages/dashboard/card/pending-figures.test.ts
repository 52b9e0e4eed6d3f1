import { describe, expect, it } from 'vitest';
import { formatExpected } from '../../../lib/expected-time';
import type { RotationLog } from '../../../api/test-types';
import { ctrChartEmptyText } from './pending-figures';

const now = new Date('2026-11-23T15:36:00Z');
const log = (ctrExpectedAt: string | null): RotationLog => ({
  order: 1,
  title: 'Title 1',
  titleText: 'A',
  thumbnailUrl: null,
  activatedAt: '2026-11-23T15:00:00.000Z',
  ctrAtRotation: null,
  ctrSource: 'pending',
  viewsAtRotation: 0,
  averageViewDuration: null,
  durationSource: 'pending',
  durationMinutes: 36,
  analysis: 'pending',
  excludedBecause: null,
  excludedReason: null,
  analysedViews: null,
  analysedHours: null,
  ctrExpectedAt,
  durationExpectedAt: null,
});

describe('the CTR chart before its first point', () => {
  it('names the earliest pending rotation’s expected CTR', () => {
    const text = ctrChartEmptyText(
      [log('2026-11-27T09:30:00.000Z'), log('2026-11-26T09:30:00.000Z')],
      '2026-11-25T09:30:00.000Z',
      now,
    );
    expect(text).toBe(
      `No CTR yet: YouTube reports impressions and CTR once per Pacific day, days later. The first figures are expected ${formatExpected(new Date('2026-11-26T09:30:00.000Z'), now)}.`,
    );
  });

  it('without rotations, the test’s first day; without any expectation, only why', () => {
    expect(ctrChartEmptyText([], '2026-11-26T09:30:00.000Z', now)).toMatch(/expected .*\(in 3 days\)\.$/);
    expect(ctrChartEmptyText([], null, now)).toBe(
      'No CTR yet: YouTube reports impressions and CTR once per Pacific day, days later.',
    );
  });
});
