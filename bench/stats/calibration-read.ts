// What the product reads of a video before a test's first switch (docs/statistics.md,
// "Calibration"), drawn from the simulator's traffic model with the original title live:
// - its public view counter every 10 minutes from the test's start to the design's start (the
//   calibration hours of a first views test with windows under a day), as whole counts;
// - its daily figures for the 28 Pacific days before the start, those after its upload: views,
//   impressions, CTR and minutes watched, as whole counts;
// - for daily metrics, the reach rows of the channel's other videos over the same days
//   (impressions and CTR only: the reach report covers every video, YouTube Analytics only the
//   tested one).
// Each on a random stream of its own, so the test's own measurements stay as they were.

import type { CounterReading, HistoryDay } from '../../src/statistics/calibration';
import { Random } from '../../src/statistics/random';
import { HISTORY_DAYS } from '../../src/title-tests/figures/video-history';
import { addDays, pacificDay, pacificDayStart } from '../../src/time/pacific';
import { trafficBetween } from '../../src/youtube-simulator/traffic-model';
import type { TitleTruth, VideoTruth } from '../../src/youtube-simulator/traffic-model';
import { drawVideo, originalSpan, originalTitle } from './video';
import type { Channel } from './video';

/** The sampling job's cadence for views windows under 4 hours. */
const READING_MINUTES = 10;
const READING_MS = READING_MINUTES * 60_000;

/**
 * The view counter read every 10 minutes (on the UTC clock, as the sampling passes run) from
 * `start` to `until`: the views before the first reading, then each 10 minutes' views, in whole
 * counts.
 */
export function counterReadings(
  video: VideoTruth,
  title: TitleTruth,
  start: Date,
  until: Date,
  run: string,
): CounterReading[] {
  const random = new Random(`${run}/counter`);
  const spans = originalSpan(video, title, until);
  const first = Math.ceil(start.getTime() / READING_MS) * READING_MS;
  if (first > until.getTime()) return [];
  let viewCount = random.poisson(trafficBetween(video, spans, video.publishedAt, new Date(first)).views);
  const readings: CounterReading[] = [{ at: new Date(first), viewCount }];
  for (let at = first + READING_MS; at <= until.getTime(); at += READING_MS) {
    viewCount += random.poisson(trafficBetween(video, spans, new Date(at - READING_MS), new Date(at)).views);
    readings.push({ at: new Date(at), viewCount });
  }
  return readings;
}

/** The Pacific days of the history before `start`'s day that the video was online for all of. */
function historyDays(video: VideoTruth, start: Date): string[] {
  const today = pacificDay(start);
  const days: string[] = [];
  for (let day = addDays(today, -HISTORY_DAYS); day < today; day = addDays(day, 1))
    if (pacificDayStart(day).getTime() >= video.publishedAt.getTime()) days.push(day);
  return days;
}

/** One Pacific day of a video as YouTube reports it, in whole counts. */
function dayFigures(
  video: VideoTruth,
  title: TitleTruth,
  start: Date,
  day: string,
  random: Random,
  reachOnly: boolean,
): HistoryDay {
  const from = pacificDayStart(day);
  const to = pacificDayStart(addDays(day, 1));
  const traffic = trafficBetween(video, originalSpan(video, title, start), from, to);
  const impressions = random.poisson(traffic.impressions);
  const clicks = Math.min(impressions, random.poisson(traffic.clicks));
  const impressionsCtr = impressions > 0 ? clicks / impressions : null;
  if (reachOnly) return { startsAt: from, views: null, impressions, impressionsCtr, minutesWatched: null };
  const views = random.poisson(traffic.views);
  const minutesWatched = Math.round((views * (traffic.watchTimeSec / Math.max(traffic.views, 1e-9))) / 60);
  return { startsAt: from, views, impressions, impressionsCtr, minutesWatched };
}

/** The video's daily history before the test, under its original title. */
export function videoHistory(video: VideoTruth, title: TitleTruth, start: Date, run: string): HistoryDay[] {
  const random = new Random(`${run}/history`);
  return historyDays(video, start).map((day) => dayFigures(video, title, start, day, random, false));
}

/** The channel's other videos whose reach rows the product holds: how many, and how old. */
const CHANNEL_VIDEOS = 6;
const CHANNEL_VIDEO_AGE_DAYS = [5, 90] as const;

/**
 * The reach rows of the channel's other videos for the 28 days before `start`: each drawn as the
 * study draws a video (on the small channel, scaled to its views a day at the start), 5–90 days old.
 */
export function channelHistories(run: string, start: Date, channel: Channel): HistoryDay[][] {
  const random = new Random(`${run}/channel-history`);
  return Array.from({ length: CHANNEL_VIDEOS }, (_, i) => {
    const { video, ctr } = drawVideo(
      random,
      start,
      `${run}/channel-video-${i}`,
      channel,
      CHANNEL_VIDEO_AGE_DAYS,
    );
    const title = originalTitle(ctr);
    return historyDays(video, start).map((day) => dayFigures(video, title, start, day, random, true));
  });
}
