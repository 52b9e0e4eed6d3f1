import { Box } from '@mantine/core';
import classes from './IntervalBar.module.css';

/**
 * A lift's 95% interval drawn on a line through zero (decoration: the numbers beside it say the
 * same). `scale` is the largest lift on the page, so bars compare by eye.
 */
export function IntervalBar({
  low,
  high,
  estimate,
  scale,
}: {
  low: number;
  high: number;
  estimate: number;
  scale: number;
}) {
  const at = (value: number) => `${50 + (50 * Math.max(-scale, Math.min(scale, value))) / scale}%`;
  return (
    <Box className={classes.track} aria-hidden>
      <span className={classes.zero} />
      <span className={classes.interval} style={{ left: at(low), width: `calc(${at(high)} - ${at(low)})` }} />
      <span className={classes.point} style={{ left: at(estimate) }} />
    </Box>
  );
}
