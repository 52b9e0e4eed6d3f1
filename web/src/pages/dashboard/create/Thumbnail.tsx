import { Box, Image } from '@mantine/core';
import { useState } from 'react';
import classes from './VideoPicker.module.css';

/** A video thumbnail, or a neutral placeholder when there is none or it cannot load. */
export function Thumbnail({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <Box className={classes.placeholder} aria-hidden />;
  return <Image src={url} alt="" radius="sm" onError={() => setFailed(true)} />;
}
