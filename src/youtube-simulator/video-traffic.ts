import { pacificDayStart, addDays } from '../time/pacific';
import { titleTruthOn } from './title-habits';
import { trafficBetween, type TitleSpan, type Traffic, type VideoTruth } from './traffic-model';
import type { SimVideo, TitleChange } from './video-store';

/** Feeds keep showing the previous title for a few minutes after a change. */
const CARRYOVER_MINUTES = 10;
/** Part of the noise persists for hours (a share elsewhere, a trending burst), as real traffic does. */
const PERSISTENT_NOISE_SHARE = 0.3;

export function videoTruth(video: SimVideo): VideoTruth {
  return {
    videoId: video.id,
    publishedAt: video.publishedAt,
    baseImpressionsPerHour: video.baseImpressionsPerHour,
    decayHalfLifeDays: video.decayHalfLifeDays,
    dailyAmplitude: video.dailyAmplitude,
    noise: video.noise,
    externalViewsPerHour: video.externalViewsPerHour,
    seed: video.seed,
    carryoverMinutes: CARRYOVER_MINUTES,
    persistentNoiseShare: PERSISTENT_NOISE_SHARE,
  };
}

/** The title (and thumbnail) history as spans of ground truth, from publication up to `until`. */
export function titleSpans(video: SimVideo, history: TitleChange[], until: Date): TitleSpan[] {
  const changes = history.length > 0 ? history : [{ title: video.title, since: video.publishedAt }];
  const spans: TitleSpan[] = [];
  changes.forEach((change, index) => {
    const from = index === 0 ? video.publishedAt : change.since;
    const next = changes[index + 1]?.since ?? until;
    const to = next.getTime() < until.getTime() ? next : until;
    if (to.getTime() > from.getTime()) {
      const truth = titleTruthOn(video, change.title);
      // The thumbnail live then scales the title's CTR; the original's (no multiplier) leaves it as is.
      const title =
        change.ctrMultiplier === undefined ? truth : { ...truth, ctr: truth.ctr * change.ctrMultiplier };
      spans.push({ from, to, title });
    }
  });
  return spans;
}

/** What the video accrued in [from, to), with each moment credited to the title live then. */
export function trafficOf(video: SimVideo, history: TitleChange[], from: Date, to: Date): Traffic {
  if (to.getTime() <= video.publishedAt.getTime())
    return { impressions: 0, clicks: 0, views: 0, watchTimeSec: 0 };
  return trafficBetween(videoTruth(video), titleSpans(video, history, to), from, to);
}

export interface PublicCounters {
  viewCount: number;
  likeCount: number;
  commentCount: number;
}

/** The public counters at `at`: whole numbers that only grow. */
export function countersAt(video: SimVideo, history: TitleChange[], at: Date): PublicCounters {
  const views = Math.floor(trafficOf(video, history, video.publishedAt, at).views);
  return {
    viewCount: views,
    likeCount: Math.floor(views * video.likeRate),
    commentCount: Math.floor(views * video.commentRate),
  };
}

/** One Pacific calendar day of traffic (YouTube's daily grain). */
export function dayTraffic(video: SimVideo, history: TitleChange[], day: string): Traffic {
  return trafficOf(video, history, pacificDayStart(day), pacificDayStart(addDays(day, 1)));
}
