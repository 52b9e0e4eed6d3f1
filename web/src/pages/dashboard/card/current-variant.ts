import type { RotationLog, TitleTest } from '../../../api/test-types';
import { variantName } from '../../../components/variants/variant-name';

/**
 * Which thumbnail or package is live, by its image: the one the end put back once a test has ended
 * (read back from YouTube), else the newest rotation that went live. Its name ("Thumbnail 2"), or
 * null when none is known yet. A title test's current title comes with the analytics instead.
 */
export function currentVariantName(
  test: Pick<TitleTest, 'kind' | 'thumbnails' | 'appliedThumbnail'>,
  logs: readonly RotationLog[],
): string | null {
  const newest = logs
    .filter((log) => log.activatedAt !== null)
    .reduce<RotationLog | null>((latest, log) => (latest && latest.order > log.order ? latest : log), null);
  const image = test.appliedThumbnail ?? newest?.thumbnailUrl ?? null;
  const index = image === null ? -1 : test.thumbnails.indexOf(image);
  return index < 0 ? null : variantName(test.kind, index);
}
