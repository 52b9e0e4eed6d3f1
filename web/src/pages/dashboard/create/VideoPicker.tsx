import {
  Alert,
  AspectRatio,
  Center,
  Loader,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { formatCompact } from '../../../lib/format';
import { Thumbnail } from './Thumbnail';
import { formatVideoDuration } from './video-duration';
import type { RecentVideo } from './video-types';
import classes from './VideoPicker.module.css';

interface VideoPickerProps {
  videos: RecentVideo[] | undefined;
  loading: boolean;
  error: string | null;
  selectedId: string | null;
  onSelect: (video: RecentVideo) => void;
}

/** The video picker: a grid of recent videos with thumbnail, title, views and duration. */
export function VideoPicker({ videos, loading, error, selectedId, onSelect }: VideoPickerProps) {
  if (loading) {
    return (
      <Center py="xl" role="status">
        <Stack align="center" gap="xs">
          <Loader size="sm" aria-hidden />
          <Text c="dimmed" fz="sm">
            Loading your YouTube videos...
          </Text>
        </Stack>
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" title="Your videos could not be loaded">
        {error}
      </Alert>
    );
  }
  if (!videos || videos.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        No videos found
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize
      mah={360}
      type="auto"
      offsetScrollbars
      viewportProps={{ tabIndex: 0, 'aria-label': 'Recent videos list' }}
    >
      <SimpleGrid cols={{ base: 2, md: 3 }} spacing="sm" role="group" aria-label="Recent videos">
        {videos.map((video) => {
          const selected = video.id === selectedId;
          const duration = formatVideoDuration(video.duration);
          return (
            <UnstyledButton
              key={video.id}
              className={classes.video}
              data-selected={selected || undefined}
              aria-pressed={selected}
              onClick={() => onSelect(video)}
            >
              <AspectRatio ratio={16 / 9}>
                <Thumbnail url={video.thumbnailUrl} />
              </AspectRatio>
              <Text fz="sm" fw={600} lineClamp={2} mt={6}>
                {video.title}
              </Text>
              <Text fz="xs" c="dimmed">
                {formatCompact(video.viewCount)} views{duration ? ` · ${duration}` : ''}
              </Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </ScrollArea.Autosize>
  );
}
