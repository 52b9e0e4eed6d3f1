import { Button, Group } from '@mantine/core';
import { FIT_MODES, THUMBNAIL_SHAPES, type FitMode } from '#shared/image-rules';
import type { VideoFormat } from '#shared/video-format';

/** What each way of fitting does, on its button, for a video's (16:9) or a Short's (9:16) shape. */
export const fitLabel = (mode: FitMode, format: VideoFormat = 'video'): string =>
  mode === 'crop' ? `Fit: crop to ${THUMBNAIL_SHAPES[format].ratio}` : 'Fit: letterbox';

/**
 * The offer to fit an image YouTube would refuse (the server stores a JPEG of the size YouTube
 * recommends for the format: 1280 × 720, or 1080 × 1920 for a Short).
 */
export function FitButtons({
  variantNumber,
  onFit,
  format = 'video',
}: {
  variantNumber: number;
  onFit: (mode: FitMode) => void;
  format?: VideoFormat;
}) {
  return (
    <Group gap="xs">
      {FIT_MODES.map((mode) => (
        <Button
          key={mode}
          size="xs"
          variant="light"
          onClick={() => onFit(mode)}
          data-testid={`thumbnail-fit-${mode}-${variantNumber}`}
        >
          {fitLabel(mode, format)}
        </Button>
      ))}
    </Group>
  );
}
