import { Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { FeedCard, ShortsShelfCard, type ViewerContext } from './FeedCard';
import type { VideoFormat } from '#shared/video-format';
import type { PreviewVariant } from './preview-variants';
import { SearchRow } from './SearchRow';

const SIZES = [
  { value: 'desktop', label: 'Desktop' },
  { value: 'phone', label: 'Phone' },
];

interface VariantPreviewProps {
  variants: PreviewVariant[];
  channelName: string;
  viewsLine: string;
  /** The picked video's format: a Short is shown on a Shorts shelf and in search, with 9:16 thumbnails. */
  format?: VideoFormat;
}

/**
 * Each variant as a viewer meets it: in the home feed and in search results, at a desktop's or a
 * phone's width (a phone card is narrower and clamps the title to two lines, as YouTube does).
 */
export function VariantPreview({ variants, channelName, viewsLine, format = 'video' }: VariantPreviewProps) {
  const [size, setSize] = useState('desktop');
  const sizeLabelId = useId();
  const context: ViewerContext = { channelName, viewsLine, phone: size === 'phone', format };
  const short = format === 'short';
  return (
    <Stack gap="xs" data-testid="variant-preview">
      <Group justify="space-between" gap="xs">
        <Text id={sizeLabelId} fz="sm" c="dimmed">
          How viewers see each variant
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby={sizeLabelId}
          data-testid="preview-size"
          value={size}
          onChange={setSize}
          data={SIZES}
        />
      </Group>
      {variants.length === 0 ? (
        <Text fz="sm" c="dimmed">
          Pick a video and add variants to see them here.
        </Text>
      ) : (
        variants.map((variant) => (
          // Named by its heading, not by an aria-label: a label "Title 1" here would answer for the
          // form's own "Title 1" field too.
          <Paper key={variant.name} withBorder radius="md" p="sm" data-testid="preview-variant">
            <Title order={4} fz="sm" mb="xs">
              {variant.name}
            </Title>
            {/* A desktop search row is wide (its thumbnail alone is 240 px): it gets the whole line. */}
            <SimpleGrid cols={context.phone ? { base: 1, sm: 2 } : 1} spacing="md">
              <Stack gap={4}>
                <Text fz="xs" c="dimmed" fw={600}>
                  {short ? 'Shorts shelf' : 'Home feed'}
                </Text>
                {short ? (
                  <ShortsShelfCard variant={variant} context={context} />
                ) : (
                  <FeedCard variant={variant} context={context} />
                )}
              </Stack>
              <Stack gap={4}>
                <Text fz="xs" c="dimmed" fw={600}>
                  Search results
                </Text>
                <SearchRow variant={variant} context={context} />
              </Stack>
            </SimpleGrid>
          </Paper>
        ))
      )}
    </Stack>
  );
}
