import { formatDuration } from '../../../lib/format';
import { durationSeconds } from '#shared/video-format';

/** A video's length as m:ss (h:mm:ss past an hour) from ISO 8601, seconds, or text. */
export function formatVideoDuration(duration: string | number | null): string {
  if (duration === null) return '';
  let seconds: number | null = typeof duration === 'number' ? duration : null;
  if (typeof duration === 'string') {
    seconds = durationSeconds(duration);
    if (seconds === null) return duration;
    seconds = Math.floor(seconds);
  }
  if (seconds === null) return '';
  if (seconds >= 3600) {
    const hours = Math.floor(seconds / 3600);
    const rest = formatDuration(seconds % 3600).padStart(5, '0');
    return `${hours}:${rest}`;
  }
  return formatDuration(seconds);
}
