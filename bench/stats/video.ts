// The videos of the validation study (bench/stats.ts): drawn per run for the simulator's traffic
// model (src/youtube-simulator/traffic-model.ts), on a default or a small channel or as a Short,
// and the whole counts YouTube reports of their traffic.

import type { Random } from '../../src/statistics/random';
import type { TitleSpan, TitleTruth, VideoTruth } from '../../src/youtube-simulator/traffic-model';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export type Channel = 'default' | 'small' | 'short';
export const CHANNELS: readonly Channel[] = ['default', 'small', 'short'];
/**
 * A Short's views from the Shorts feed, per view clicked from an impression: 2.5–5.5, so 71–85% of
 * its views come from the feed, which shows no title or thumbnail (the simulator's external views).
 */
export const SHORT_FEED_PER_CLICK = [2.5, 5.5] as const;
/** The small channel: about this many views a day on the tested video when the test starts. */
export const SMALL_CHANNEL_VIEWS_PER_DAY = 50;
/** Every title's average view duration, seconds (a watch-time lift scales it). */
export const VIEW_DURATION_SEC = 300;

/** How old the tested video is when its test starts, in days. */
export const TESTED_VIDEO_AGE_DAYS = [0.5, 10] as const;

/**
 * A plausible video, drawn per run: traffic level, decay, daily swing and noise, published
 * `ageDays` (a range) before `start`. On the small channel its traffic is scaled so it gets about
 * SMALL_CHANNEL_VIEWS_PER_DAY views a day at `start`.
 */
export function drawVideo(
  random: Random,
  start: Date,
  run: string,
  channel: Channel,
  ageDays: readonly [number, number] = TESTED_VIDEO_AGE_DAYS,
): { video: VideoTruth; ctr: number } {
  const ctr = 0.03 + 0.05 * random.uniform();
  const publishedAt = new Date(
    start.getTime() - (ageDays[0] + (ageDays[1] - ageDays[0]) * random.uniform()) * DAY_MS,
  );
  const decayHalfLifeDays = 2 + 12 * random.uniform();
  // External views per view from impressions; on a Short, the Shorts feed's views.
  const externalShare =
    channel === 'short'
      ? SHORT_FEED_PER_CLICK[0] + (SHORT_FEED_PER_CLICK[1] - SHORT_FEED_PER_CLICK[0]) * random.uniform()
      : 0.1 + 0.4 * random.uniform();
  let base = 1500 * Math.exp(random.uniform() * Math.log(20)); // 1,500–30,000 impressions/h at publication
  if (channel === 'small') {
    // Scale so the video gets about 50 views a day when the test starts.
    const ageAtStart = (start.getTime() - publishedAt.getTime()) / DAY_MS;
    const perImpression = ctr * (1 + externalShare);
    base = SMALL_CHANNEL_VIEWS_PER_DAY / 24 / perImpression / Math.pow(2, -ageAtStart / decayHalfLifeDays);
  }
  return {
    ctr,
    video: {
      videoId: run,
      publishedAt,
      baseImpressionsPerHour: base,
      decayHalfLifeDays,
      dailyAmplitude: 0.2 + 0.4 * random.uniform(),
      noise: 0.15 + 0.25 * random.uniform(),
      externalViewsPerHour: base * ctr * externalShare,
      seed: `${run}/traffic`,
      carryoverMinutes: 15,
      persistentNoiseShare: 0.3,
    },
  };
}

/** The video's original title: what is live before the test's first switch. */
export function originalTitle(ctr: number): TitleTruth {
  return { ctr, avgViewDurationSec: VIEW_DURATION_SEC };
}

/** One span of the original title from the video's publication to `to`. */
export function originalSpan(video: VideoTruth, title: TitleTruth, to: Date): TitleSpan[] {
  return [{ from: video.publishedAt, to, title }];
}
