import { AspectRatio, Box, Group, Stack, Text } from '@mantine/core';
import { Thumbnail } from '../Thumbnail';

/**
 * Variant 1: the video's thumbnail as it is live now, which the test puts back at its end (the
 * server fetches and keeps it when the test is created).
 */
export function CurrentThumbnail({ url, name }: { url: string | null; name: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="thumbnail-current">
      <Box w={160} style={{ flexShrink: 0 }}>
        <AspectRatio ratio={16 / 9}>
          <Thumbnail url={url} alt={`${name}, the video’s current thumbnail`} />
        </AspectRatio>
      </Box>
      <Stack gap={4}>
        <Text fz="sm" fw={600}>
          {name} · current
        </Text>
        <Text fz="xs" c="dimmed">
          {url
            ? 'The thumbnail live on the video now: it goes back at the end unless another wins.'
            : 'Pick a video above: its current thumbnail is the one the others are measured against.'}
        </Text>
      </Stack>
    </Group>
  );
}
