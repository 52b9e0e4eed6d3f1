import { Button, Group } from '@mantine/core';
import { FIT_MODES, type FitMode } from '../../../../../../src/shared/image-rules';

/** What each way of fitting does, on its button. */
export const FIT_LABELS: Record<FitMode, string> = {
  crop: 'Fit: crop to 16:9',
  letterbox: 'Fit: letterbox',
};

/** The offer to fit an image YouTube would refuse (the server stores a 1280 × 720 JPEG of it). */
export function FitButtons({
  variantNumber,
  onFit,
}: {
  variantNumber: number;
  onFit: (mode: FitMode) => void;
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
          {FIT_LABELS[mode]}
        </Button>
      ))}
    </Group>
  );
}
