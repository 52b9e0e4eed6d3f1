import { Stack } from '@mantine/core';
import { variantName } from '../../../../components/variants/variant-name';
import { CurrentThumbnail } from './CurrentThumbnail';
import type { ThumbnailSlot } from './thumbnail-slot';
import { UploadSlot } from './UploadSlot';
import type { ThumbnailUploads } from './use-thumbnail-uploads';

/** A thumbnail test's variants: Thumbnail 1 is the video's current one, then up to four uploads. */
export function ThumbnailVariants({
  currentUrl,
  slots,
  uploads,
}: {
  currentUrl: string | null;
  slots: ThumbnailSlot[];
  uploads: ThumbnailUploads;
}) {
  return (
    <Stack gap="xs">
      <CurrentThumbnail url={currentUrl} name={variantName('thumbnails', 0)} />
      {slots.map((slot, index) =>
        index === 0 ? null : (
          <UploadSlot
            key={index}
            index={index}
            name={variantName('thumbnails', index)}
            slot={slot}
            uploads={uploads}
          />
        ),
      )}
    </Stack>
  );
}
