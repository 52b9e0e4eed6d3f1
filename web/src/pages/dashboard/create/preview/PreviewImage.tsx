import { AspectRatio, Box } from '@mantine/core';
import classes from './ViewerPreview.module.css';

/** A thumbnail as YouTube crops it (16:9, or 9:16 for a Short), or a grey box while there is none. */
export function PreviewImage({
  url,
  alt,
  ratio = 16 / 9,
}: {
  url: string | null;
  alt: string;
  ratio?: number;
}) {
  return (
    <AspectRatio ratio={ratio}>
      {url ? (
        <img src={url} alt={alt} className={classes.image} />
      ) : (
        <Box className={classes.image} aria-hidden />
      )}
    </AspectRatio>
  );
}
