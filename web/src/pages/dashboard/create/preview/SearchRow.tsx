import { Box, Stack, Text } from '@mantine/core';
import type { ViewerContext } from './FeedCard';
import { PreviewImage } from './PreviewImage';
import type { PreviewVariant } from './preview-variants';
import classes from './ViewerPreview.module.css';

/** A variant as a search result: the thumbnail on the left, the title and channel on the right. */
export function SearchRow({ variant, context }: { variant: PreviewVariant; context: ViewerContext }) {
  const short = context.format === 'short';
  return (
    <Box
      className={classes.search}
      data-phone={context.phone || undefined}
      data-short={short || undefined}
      data-testid="preview-search-row"
    >
      <Box className={classes.searchThumb}>
        <PreviewImage
          url={variant.thumbnailUrl}
          alt={`${variant.name} in search results`}
          ratio={short ? 9 / 16 : 16 / 9}
        />
      </Box>
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Text fz={context.phone ? 'sm' : 'lg'} fw={context.phone ? 600 : 500} lineClamp={2} lh={1.3}>
          {variant.title}
        </Text>
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {context.viewsLine}
        </Text>
        <Text fz="xs" c="dimmed" lineClamp={1}>
          {context.channelName}
        </Text>
      </Stack>
    </Box>
  );
}
