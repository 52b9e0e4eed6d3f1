import { Box, Image } from '@mantine/core';
import { useState } from 'react';
import classes from './VideoPicker.module.css';

/**
 * A video thumbnail, or a neutral placeholder when there is none or it cannot load. Decorative
 * (empty alt) unless `alt` names it, where the image is the content (a variant's thumbnail).
 */
export function Thumbnail({ url, alt = '' }: { url: string | null; alt?: string }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <Box className={classes.placeholder} aria-hidden />;
  return <Image src={url} alt={alt} radius="sm" onError={() => setFailed(true)} />;
}
