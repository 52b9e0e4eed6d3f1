import { AspectRatio, Box } from '@mantine/core';
import classes from './ViewerPreview.module.css';

/** A 16:9 thumbnail as YouTube crops it, or a grey box while there is none. */
export function PreviewImage({ url, alt }: { url: string | null; alt: string }) {
  return (
    <AspectRatio ratio={16 / 9}>
      {url ? (
        <img src={url} alt={alt} className={classes.image} />
      ) : (
        <Box className={classes.image} aria-hidden />
      )}
    </AspectRatio>
  );
}
