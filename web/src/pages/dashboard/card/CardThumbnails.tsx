import { Group } from '@mantine/core';
import type { TitleTest } from '../../../api/test-types';
import { VariantThumbnail } from '../../../components/variants/VariantThumbnail';

/**
 * A thumbnail or package test's images in a row on the card's summary, so the test is known at a
 * glance. Decorative here (the summary is a button, whose name they would swell): the verdict and
 * the rotation history inside name each one ("Thumbnail 2").
 */
export function CardThumbnails({ test }: { test: TitleTest }) {
  if (test.kind === 'titles' || test.thumbnails.every((url) => url === null)) return null;
  return (
    <Group gap={6} wrap="nowrap" aria-hidden data-testid="card-thumbnails">
      {test.thumbnails.map((url, index) => (
        <VariantThumbnail key={index} url={url} alt="" width={64} />
      ))}
    </Group>
  );
}
