import { Alert, AspectRatio, Box, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import {
  MAX_UPLOAD_BYTES,
  softFitWarning,
  THUMBNAIL_SHAPES,
  THUMBNAIL_TYPES,
  type FitMode,
} from '#shared/image-rules';
import { FitButtons } from './FitButtons';
import type { ThumbnailSlot } from './thumbnail-slot';
import type { ThumbnailUploads } from './use-thumbnail-uploads';
import classes from './UploadSlot.module.css';

const FITTED_WORDS: Record<FitMode, string> = { crop: 'cropped', letterbox: 'letterboxed' };

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KB`;

interface UploadSlotProps {
  /** The variant's position (from 0): slot 1 is "Thumbnail 2". */
  index: number;
  /** "Thumbnail 2", "Package 3": what the slot is for, in the test's words. */
  name: string;
  slot: ThumbnailSlot;
  uploads: ThumbnailUploads;
}

/**
 * One new thumbnail: drop an image on it, or choose one with the button (a hidden file input, so
 * the keyboard and screen readers reach an ordinary button). The file is checked in the browser,
 * then uploaded with its progress; an image YouTube would refuse is named with its problems and
 * may be fitted (crop or letterbox), and the stored result is shown before the test starts.
 */
export function UploadSlot({ index, name, slot, uploads }: UploadSlotProps) {
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);
  // Remove takes its own button away: the keyboard's focus moves to "Choose an image" instead of
  // falling back to the page.
  const [removed, setRemoved] = useState(false);
  useEffect(() => {
    if (!removed || slot.state !== 'empty') return;
    chooser.current?.focus();
    setRemoved(false);
  }, [removed, slot.state]);
  const number = index + 1;
  // A video's thumbnails are 16:9, a Short's 9:16 (src/shared/image-rules.ts).
  const shape = THUMBNAIL_SHAPES[uploads.format];
  const { width: fitWidth, height: fitHeight } = shape.recommended;
  // A small picture fitted to the recommended size was scaled up: say so before the test shows it.
  const soft =
    slot.state === 'ready'
      ? softFitWarning(
          { width: slot.image.sentWidth, height: slot.image.sentHeight },
          slot.image.fitted,
          uploads.format,
        )
      : null;
  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (file) uploads.choose(index, file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };
  const onDragOver = (event: DragEvent) => {
    // Without this the browser would open the dropped file in place of the app.
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const remove = (
    <Button
      size="xs"
      variant="subtle"
      color="gray"
      onClick={() => {
        uploads.remove(index);
        setRemoved(true);
      }}
      aria-label={`Remove ${name}`}
      data-testid={`thumbnail-remove-${number}`}
    >
      Remove
    </Button>
  );
  const chooseButton = (label: string) => (
    <Button ref={chooser} size="xs" variant="default" onClick={() => input.current?.click()}>
      {label}
    </Button>
  );

  return (
    <Box
      role="group"
      aria-label={name}
      className={classes.zone}
      data-dragging={dragging || undefined}
      data-ready={slot.state === 'ready' || undefined}
      data-testid={`thumbnail-slot-${number}`}
      data-state={slot.state}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <input
        ref={input}
        type="file"
        accept={THUMBNAIL_TYPES.join(',')}
        hidden
        aria-label={`Upload ${name}`}
        data-testid={`thumbnail-input-${number}`}
        onChange={(event) => {
          choose(event.currentTarget.files);
          // The same file chosen again after a removal is a change too.
          event.currentTarget.value = '';
        }}
      />
      {slot.state === 'ready' ? (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Box w={uploads.format === 'short' ? 72 : 160} style={{ flexShrink: 0 }}>
            <AspectRatio ratio={shape.aspect}>
              <img src={slot.image.url} alt={name} className={classes.image} />
            </AspectRatio>
          </Box>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fz="sm" fw={600}>
              {name}
            </Text>
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {slot.fileName} · {slot.image.width} × {slot.image.height} · {kilobytes(slot.image.byteSize)}
            </Text>
            {slot.image.fitted && (
              <Text fz="xs" c="teal.9" fw={500} data-testid={`thumbnail-fitted-${number}`}>
                Fitted: {FITTED_WORDS[slot.image.fitted]} to {shape.ratio} as a {fitWidth} × {fitHeight} JPEG.
                This is what YouTube will show.
              </Text>
            )}
            {soft && (
              <Text fz="xs" className={classes.caution} data-testid={`thumbnail-soft-${number}`}>
                {soft}
              </Text>
            )}
            <Group gap="xs">
              {chooseButton('Replace')}
              {remove}
            </Group>
          </Stack>
        </Group>
      ) : (
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Text fz="sm" fw={600}>
              {name}
            </Text>
            {slot.state !== 'empty' && remove}
          </Group>
          {slot.state === 'uploading' || slot.state === 'checking' ? (
            <Stack gap={4}>
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {slot.state === 'checking'
                  ? `Checking ${slot.fileName}…`
                  : `${slot.fit ? 'Fitting and uploading' : 'Uploading'} ${slot.fileName}… ${slot.percent}%`}
              </Text>
              <Progress
                value={slot.state === 'uploading' ? slot.percent : 0}
                aria-label={`Uploading ${name}`}
                size="sm"
                animated={slot.state === 'uploading' && slot.percent === 100}
              />
            </Stack>
          ) : (
            <Group gap="xs">
              <Text fz="xs" c="dimmed">
                Drag a JPEG or PNG here ({shape.ratio}, at least {shape.minWidth} px wide, at most{' '}
                {MAX_UPLOAD_BYTES / 1024 / 1024} MB), or
              </Text>
              {chooseButton(slot.state === 'empty' ? 'Choose an image' : 'Choose another image')}
            </Group>
          )}
          {slot.state === 'refused' && (
            <Alert color="red" variant="light" p="xs" title={`YouTube would not take ${slot.fileName}`}>
              <Stack gap="xs">
                <Text fz="sm">{slot.problems.join(' ')}</Text>
                {slot.canFit && (
                  <FitButtons
                    variantNumber={number}
                    onFit={(mode) => uploads.fit(index, mode)}
                    format={uploads.format}
                  />
                )}
              </Stack>
            </Alert>
          )}
          {slot.state === 'failed' && (
            <Alert color="red" variant="light" p="xs" title={`${slot.fileName} did not upload`}>
              <Text fz="sm">{slot.message}</Text>
            </Alert>
          )}
        </Stack>
      )}
    </Box>
  );
}
