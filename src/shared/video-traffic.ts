// A video's traffic as a plan needs it, from what YouTube shows of it (its view counter and its
// publication date). Pure (no Node imports): the create dialog and the server import the same
// function, so the plan the dialog previews and the one creation checks assume the same traffic.

const DAY_MS = 86_400_000;

/** A video's average views per day since publication (at least one day), or null without a usable date. */
export function estimateViewsPerDay(
  video: { viewCount: number; publishedAt: string | Date },
  now: Date = new Date(),
): number | null {
  const published = new Date(video.publishedAt).getTime();
  if (!Number.isFinite(published) || !Number.isFinite(video.viewCount)) return null;
  const days = Math.max(1, (now.getTime() - published) / DAY_MS);
  return Math.round((Math.max(0, video.viewCount) / days) * 10) / 10;
}
