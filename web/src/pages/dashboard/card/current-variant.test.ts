import { describe, expect, it } from 'vitest';
import type { RotationLog } from '../../../api/test-types';
import { currentVariantName } from './current-variant';

const log = (order: number, thumbnailUrl: string, activatedAt: string | null): RotationLog => ({
  order,
  title: `Title ${order}`,
  titleText: 'Same title',
  thumbnailUrl,
  activatedAt,
  ctrAtRotation: null,
  ctrSource: 'pending',
  viewsAtRotation: null,
  averageViewDuration: null,
  durationSource: 'pending',
  durationMinutes: null,
  analysis: 'counted',
  excludedBecause: null,
  excludedReason: null,
  analysedViews: null,
  analysedHours: null,
  ctrExpectedAt: null,
  durationExpectedAt: null,
});

const thumbnails = ['/original.jpg', '/two.jpg', '/three.jpg'];

describe('currentVariantName', () => {
  it('names the newest rotation that went live, not one still waiting', () => {
    const logs = [
      log(2, '/three.jpg', '2026-11-03T12:00:00.000Z'),
      log(1, '/two.jpg', '2026-11-03T08:00:00.000Z'),
      log(3, '/original.jpg', null),
    ];
    expect(currentVariantName({ kind: 'thumbnails', thumbnails, appliedThumbnail: null }, logs)).toBe(
      'Thumbnail 3',
    );
    expect(currentVariantName({ kind: 'packages', thumbnails, appliedThumbnail: null }, logs)).toBe(
      'Package 3',
    );
  });

  it('names what the end put back once the test has ended', () => {
    const logs = [log(1, '/two.jpg', '2026-11-03T08:00:00.000Z')];
    expect(
      currentVariantName({ kind: 'thumbnails', thumbnails, appliedThumbnail: '/original.jpg' }, logs),
    ).toBe('Thumbnail 1');
  });

  it('names none before anything went live, or for an image that is no variant', () => {
    expect(currentVariantName({ kind: 'thumbnails', thumbnails, appliedThumbnail: null }, [])).toBeNull();
    expect(
      currentVariantName({ kind: 'thumbnails', thumbnails, appliedThumbnail: '/someone-else.jpg' }, []),
    ).toBeNull();
  });
});
