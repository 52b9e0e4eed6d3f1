import {
  Alert,
  Badge,
  AspectRatio,
  Button,
  Center,
  CloseButton,
  Loader,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useId, useMemo, useRef, useState } from 'react';
import { formatCompact } from '../../../lib/format';
import { Thumbnail } from './Thumbnail';
import { formatVideoDuration } from './video-duration';
import { VIDEO_FORMAT_LABELS } from '#shared/video-format';
import { filterByTitle, searchWords } from './video-search';
import type { RecentVideo } from './video-types';
import classes from './VideoPicker.module.css';

interface VideoPickerProps {
  videos: RecentVideo[] | undefined;
  loading: boolean;
  error: string | null;
  selectedId: string | null;
  onSelect: (video: RecentVideo) => void;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

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
  return <SearchableVideos videos={videos} selectedId={selectedId} onSelect={onSelect} />;
}

/**
 * The loaded videos with a search box above them that filters by title as the creator types
 * (every word, any order, case and accents ignored: video-search.ts). The chosen video stays
 * chosen when the search hides it, and the line under the box says so.
 */
function SearchableVideos({
  videos,
  selectedId,
  onSelect,
}: {
  videos: RecentVideo[];
  selectedId: string | null;
  onSelect: (video: RecentVideo) => void;
}) {
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const countId = useId();
  const searching = searchWords(query).length > 0;
  const shown = useMemo(() => filterByTitle(videos, query), [videos, query]);
  const hiddenSelection =
    searching && selectedId && !shown.some((video) => video.id === selectedId)
      ? videos.find((video) => video.id === selectedId)
      : undefined;
  const clear = () => {
    setQuery('');
    input.current?.focus();
  };

  return (
    <Stack gap="xs">
      <TextInput
        ref={input}
        type="search"
        label="Search your videos"
        placeholder="Words from the title"
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        onKeyDown={(event) => {
          // Enter would submit the dialog's form; Escape clears the search before it closes the dialog.
          if (event.key === 'Enter') event.preventDefault();
          if (event.key === 'Escape' && query !== '') {
            event.preventDefault();
            event.stopPropagation();
            setQuery('');
          }
        }}
        data-mantine-stop-propagation={query !== '' || undefined}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        aria-describedby={countId}
        classNames={{ input: classes.search }}
        leftSection={<SearchIcon />}
        rightSection={
          query === '' ? null : <CloseButton size="sm" aria-label="Clear the search box" onClick={clear} />
        }
        rightSectionPointerEvents={query === '' ? 'none' : 'all'}
      />
      <Text id={countId} fz="xs" c="dimmed" role="status">
        {searching
          ? `${shown.length} of ${plural(videos.length, 'recent video')} ${shown.length === 1 ? 'matches' : 'match'}`
          : plural(videos.length, 'recent video')}
        {hiddenSelection && (
          <>
            {'. '}
            Your chosen video, “{hiddenSelection.title}”, is hidden by the search but stays chosen.
          </>
        )}
      </Text>
      {shown.length === 0 ? (
        <Stack align="center" gap="xs" py="lg">
          <Text ta="center" fz="sm" className={classes.noMatch}>
            No video matches “{query.trim()}”
          </Text>
          <Button variant="light" size="xs" onClick={clear}>
            Clear search
          </Button>
        </Stack>
      ) : (
        <ScrollArea.Autosize
          mah={360}
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, 'aria-label': 'Recent videos list' }}
        >
          <SimpleGrid
            cols={{ base: 2, md: 3 }}
            spacing="sm"
            // Room for a tile's focus ring, which the scroll area would otherwise clip.
            p={4}
            role="group"
            aria-label="Recent videos"
          >
            {shown.map((video) => (
              <VideoButton
                key={video.id}
                video={video}
                selected={video.id === selectedId}
                onSelect={onSelect}
              />
            ))}
          </SimpleGrid>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

function VideoButton({
  video,
  selected,
  onSelect,
}: {
  video: RecentVideo;
  selected: boolean;
  onSelect: (video: RecentVideo) => void;
}) {
  const duration = formatVideoDuration(video.duration);
  return (
    <UnstyledButton
      className={classes.video}
      data-selected={selected || undefined}
      aria-pressed={selected}
      onClick={() => onSelect(video)}
    >
      <AspectRatio ratio={16 / 9} pos="relative">
        <Thumbnail url={video.thumbnailUrl} />
        {video.format === 'short' && (
          <Badge className={classes.formatBadge} size="sm" color="red.9" variant="filled">
            {VIDEO_FORMAT_LABELS.short}
          </Badge>
        )}
      </AspectRatio>
      <Text fz="sm" fw={600} lineClamp={2} mt={6}>
        {video.title}
      </Text>
      <Text fz="xs" c="dimmed">
        {formatCompact(video.viewCount)} views{duration ? ` · ${duration}` : ''}
      </Text>
    </UnstyledButton>
  );
}

function SearchIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" strokeLinecap="round" />
    </svg>
  );
}
