// A video's format: a long video or a Short (docs/shorts.md). YouTube's API has no "is a Short"
// flag, so Titlewise reads it from two facts the Data API gives: the duration
// (contentDetails.duration) and the frame's shape, from the embedded player's size (part=player
// with maxWidth: embedWidth and embedHeight keep the video's aspect ratio). A Short is at most
// three minutes long and square or vertical. Pure (no Node imports): web/ imports it too.

export const VIDEO_FORMATS = ['video', 'short'] as const;
export type VideoFormat = (typeof VIDEO_FORMATS)[number];

/** YouTube's longest Short (since October 2024): three minutes. */
export const SHORTS_MAX_SECONDS = 180;

export const VIDEO_FORMAT_LABELS: Record<VideoFormat, string> = { video: 'Video', short: 'Short' };

/** Seconds of an ISO 8601 duration as YouTube writes it (PT1H2M3S, PT45S, P1DT2H); null if unreadable. */
export function durationSeconds(iso: string): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(iso);
  if (!match || iso === 'P' || iso.endsWith('T')) return null;
  const [, days, hours, minutes, seconds] = match;
  return (
    Number(days ?? 0) * 86_400 + Number(hours ?? 0) * 3_600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0)
  );
}

/**
 * The format of a video from its duration and its frame (null when YouTube gave no player size):
 * a Short when it lasts at most SHORTS_MAX_SECONDS and its frame is known to be square or taller
 * than wide. A short landscape video, or one whose shape is unknown, is a video: its thumbnail is
 * 16:9 and the rules of long videos hold.
 */
export function videoFormatOf(
  duration: string,
  frame: { width: number; height: number } | null,
): VideoFormat {
  const seconds = durationSeconds(duration);
  if (seconds === null || seconds <= 0 || seconds > SHORTS_MAX_SECONDS) return 'video';
  if (!frame || !(frame.width > 0) || !(frame.height > 0)) return 'video';
  return frame.height >= frame.width ? 'short' : 'video';
}

/**
 * What the create dialog says when a Short is picked: where its title and thumbnail are seen,
 * and what that means for the difference a test can find.
 */
export const SHORTS_NOTES = {
  whereSeen:
    'In the Shorts feed, viewers swipe from one Short to the next and see neither its title nor its thumbnail; both show in search, on your channel’s Shorts shelf, in suggestions and on the home page.',
  diluted:
    'This test counts every view of the Short, the feed’s too, so a better title or thumbnail moves the total less than it moves the clicks it wins: the difference in the plan is in all views.',
  processing:
    'YouTube is still processing this Short. It applies a custom thumbnail only once processing has finished: try again when the Short is ready.',
  thumbnailShape:
    'This video is a Short: its thumbnails are 9:16 (1080 × 1920 is best). Upload vertical images, or fit them to 9:16.',
  videoThumbnailShape:
    'This video is not a Short: its thumbnails are 16:9 (1280 × 720 is best). Upload landscape images, or fit them to 16:9.',
} as const;
