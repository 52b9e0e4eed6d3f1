// Channels whose audience rewards a habit of wording: the simulator's ground truth for "What works
// here" (docs/learning.md). On most simulated channels a title's CTR is a pseudo-random draw per
// title text (titleTruthFor: anywhere from 2% to 10%), so no feature of a title matters there. On
// the channels below, a title's CTR is the channel's base, times each cue the title carries, times
// a small pull of its own (wording and topic beyond the cues). The cues are read here with the
// simulator's own patterns, written apart from the product's feature reading.

import { Random } from '../statistics/random';
import { titleTruthFor, type TitleTruth } from './traffic-model';

export interface TitleCue {
  /** What the cue is, in words (docs and the study's tables). */
  name: string;
  pattern: RegExp;
  /** The cue's true multiplier of CTR, e.g. 1.08 for +8%. */
  ctrMultiplier: number;
}

export interface TitleHabit {
  /** CTR of a title carrying no cue, before the video's and the title's own pull. */
  baseCtr: number;
  /** Log-scale standard deviation of one video's CTR level around the channel's base. */
  videoSpread: number;
  /** Log-scale standard deviation of one title's own pull beyond its cues. */
  titleSpread: number;
  cues: readonly TitleCue[];
}

/** Noor's audience clicks more on titles with a number in them: +8% CTR, nothing else matters. */
export const NUMBERS_HELP: TitleHabit = {
  baseCtr: 0.05,
  videoSpread: 0.15,
  titleSpread: 0.03,
  cues: [{ name: 'a number', pattern: /\d/, ctrMultiplier: 1.08 }],
};

/** Leo's audience reads titles alike whatever their form: no cue, the same spread as Noor's. */
export const NOTHING_MATTERS: TitleHabit = { ...NUMBERS_HELP, cues: [] };

/** Habits per simulated account id (accounts.ts); a channel not listed has none. */
export const TITLE_HABITS: Readonly<Record<string, TitleHabit>> = {
  'sim-noor': NUMBERS_HELP,
  'sim-leo': NOTHING_MATTERS,
};

/** A title's truth on a channel with a habit: base × cues × the video's and the title's pull. */
export function habitTitleTruth(
  habit: TitleHabit,
  titleText: string,
  videoSeed: string,
  videoDurationSec: number,
): TitleTruth {
  const text = titleText.trim();
  const video = new Random(`${videoSeed}\u0000habit-video`);
  const title = new Random(`${videoSeed}\u0000habit-title\u0000${text}`);
  let ctr = habit.baseCtr * Math.exp(habit.videoSpread * video.normal() + habit.titleSpread * title.normal());
  for (const cue of habit.cues) if (cue.pattern.test(text)) ctr *= cue.ctrMultiplier;
  const avgViewDurationSec = videoDurationSec * (0.4 + 0.3 * title.uniform());
  return { ctr, avgViewDurationSec };
}

/** The ground truth of a title on a simulated video: its channel's habit, or the per-title draw. */
export function titleTruthOn(
  video: { accountId: string; seed: string; durationSec: number },
  titleText: string,
): TitleTruth {
  const habit = TITLE_HABITS[video.accountId];
  return habit
    ? habitTitleTruth(habit, titleText, video.seed, video.durationSec)
    : titleTruthFor(titleText, video.seed, video.durationSec);
}
