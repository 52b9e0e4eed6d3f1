import { Group } from '@mantine/core';
import type { TitleTest } from '../../../api/test-types';
import { variantName } from '../../../components/variants/variant-name';
import { VariantThumbnail } from '../../../components/variants/VariantThumbnail';

/**
 * A thumbnail or package test's images in a row on the card's summary, so the test is known at a
 * glance. Each is named ("Thumbnail 2", "Package 2"): on a collapsed card they are the only place
 * the variants are shown. The lists inside the card show the same images beside their names, so
 * there they are decorative and a screen reader hears each variant once.
 */
export function CardThumbnails({ test }: { test: TitleTest }) {
  if (test.kind === 'titles' || test.thumbnails.every((url) => url === null)) return null;
  return (
    <Group gap={6} wrap="nowrap" data-testid="card-thumbnails">
      {test.thumbnails.map((url, index) => (
        <VariantThumbnail key={index} url={url} alt={variantName(test.kind, index)} width={64} />
      ))}
    </Group>
  );
}
