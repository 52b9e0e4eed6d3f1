import { Box, Group, Stack, Text } from '@mantine/core';
import { PreviewImage } from './PreviewImage';
import type { PreviewVariant } from './preview-variants';
import classes from './ViewerPreview.module.css';
import type { VideoFormat } from '#shared/video-format';

export interface ViewerContext {
  channelName: string;
  /** "12.3K views". */
  viewsLine: string;
  phone: boolean;
  /** A Short is previewed on the Shorts shelf and with a vertical thumbnail. */
  format: VideoFormat;
}

/** A variant as a home-feed card: the thumbnail on top, the title under it beside the channel's avatar. */
export function FeedCard({ variant, context }: { variant: PreviewVariant; context: ViewerContext }) {
  return (
    <Box className={classes.feed} data-phone={context.phone || undefined} data-testid="preview-feed-card">
      <PreviewImage url={variant.thumbnailUrl} alt={`${variant.name} in the home feed`} />
      <Group gap="sm" wrap="nowrap" align="flex-start" mt="xs">
        <Box className={classes.avatar} aria-hidden>
          {context.channelName.slice(0, 1).toUpperCase()}
        </Box>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fz={context.phone ? 'sm' : 'md'} fw={600} lineClamp={2} lh={1.3}>
            {variant.title}
          </Text>
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {context.channelName} · {context.viewsLine}
          </Text>
        </Stack>
      </Group>
    </Box>
  );
}

/**
 * A Short as a card on a Shorts shelf (home page, channel page, search): a vertical thumbnail
 * with the title over it and the views under it, as YouTube shows Shorts outside the feed.
 */
export function ShortsShelfCard({ variant, context }: { variant: PreviewVariant; context: ViewerContext }) {
  return (
    <Box className={classes.shelf} data-phone={context.phone || undefined} data-testid="preview-shorts-card">
      <PreviewImage url={variant.thumbnailUrl} alt={`${variant.name} on a Shorts shelf`} ratio={9 / 16} />
      <Text fz="sm" fw={600} lineClamp={2} lh={1.3} mt={6}>
        {variant.title}
      </Text>
      <Text fz="xs" c="dimmed" lineClamp={1}>
        {context.viewsLine}
      </Text>
    </Box>
  );
}
