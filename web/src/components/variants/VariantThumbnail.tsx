import { AspectRatio, Box } from '@mantine/core';

/**
 * A variant's thumbnail beside its title where a test's variants are listed (cards, verdict,
 * history, shared reports): 16:9, named for screen readers ("Thumbnail 2"). Nothing for a title
 * test's variants, which have none of their own.
 */
export function VariantThumbnail({
  url,
  alt,
  width = 96,
}: {
  url: string | null | undefined;
  alt: string;
  width?: number;
}) {
  if (!url) return null;
  return (
    <Box w={width} style={{ flexShrink: 0 }}>
      <AspectRatio ratio={16 / 9}>
        <img
          src={url}
          alt={alt}
          loading="lazy"
          style={{ width: '100%', height: '100%', objectFit: 'cover', borderRadius: 6, display: 'block' }}
        />
      </AspectRatio>
    </Box>
  );
}
