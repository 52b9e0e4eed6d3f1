import { formatDuration } from '../../../lib/format';

/** A video's length as m:ss (h:mm:ss past an hour) from ISO 8601, seconds, or text. */
export function formatVideoDuration(duration: string | number | null): string {
  if (duration === null) return '';
  let seconds: number | null = typeof duration === 'number' ? duration : null;
  if (typeof duration === 'string') {
    const match = /^P(?:(\d+)D)?T?(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(duration);
    if (!match) return duration;
    const [, days, hours, minutes, secs] = match.map((part) => Number(part ?? 0));
    seconds = (days ?? 0) * 86_400 + (hours ?? 0) * 3600 + (minutes ?? 0) * 60 + (secs ?? 0);
  }
  if (seconds === null) return '';
  if (seconds >= 3600) {
    const hours = Math.floor(seconds / 3600);
    const rest = formatDuration(seconds % 3600).padStart(5, '0');
    return `${hours}:${rest}`;
  }
  return formatDuration(seconds);
}
