import { describe, expect, it } from 'vitest';
import { habitTitleTruth, NOTHING_MATTERS, NUMBERS_HELP, titleTruthOn } from './title-habits';
import { titleTruthFor } from './traffic-model';

/** Mean log ratio of the challenger's true CTR to the original's over many videos. */
function meanLogLift(habit: typeof NUMBERS_HELP, original: string, challenger: string): number {
  let sum = 0;
  const videos = 4000;
  for (let v = 0; v < videos; v++) {
    const seed = `video-${v}`;
    sum += Math.log(
      habitTitleTruth(habit, challenger, seed, 600).ctr / habitTitleTruth(habit, original, seed, 600).ctr,
    );
  }
  return sum / videos;
}

describe('title habits', () => {
  it('multiplies CTR by each cue a title carries, exactly when nothing else spreads', () => {
    const flat = { ...NUMBERS_HELP, videoSpread: 0, titleSpread: 0 };
    expect(habitTitleTruth(flat, 'Desk Lamps Ranked', 'v', 600).ctr).toBeCloseTo(0.05, 12);
    expect(habitTitleTruth(flat, '7 Desk Lamps Ranked', 'v', 600).ctr).toBeCloseTo(0.054, 12);
  });

  it('gives Noor’s channel +8% for a number on average and Leo’s nothing', () => {
    expect(Math.expm1(meanLogLift(NUMBERS_HELP, 'Desk Lamps Ranked', '7 Desk Lamps Ranked'))).toBeCloseTo(
      0.08,
      2,
    );
    expect(meanLogLift(NOTHING_MATTERS, 'Desk Lamps Ranked', '7 Desk Lamps Ranked')).toBeCloseTo(0, 2);
    // Two wordings on one video differ by the titles' own pull only: about 3% × √2 on the log scale.
    const ratios = Array.from({ length: 4000 }, (_, v) =>
      Math.log(
        habitTitleTruth(NOTHING_MATTERS, 'Desk Lamps Ranked', `video-${v}`, 600).ctr /
          habitTitleTruth(NOTHING_MATTERS, 'Desk Lamps', `video-${v}`, 600).ctr,
      ),
    );
    const sd = Math.sqrt(ratios.reduce((sum, r) => sum + r * r, 0) / ratios.length);
    expect(sd).toBeGreaterThan(0.035);
    expect(sd).toBeLessThan(0.05);
  });

  it('is stable per video and title, and leaves channels without a habit as they were', () => {
    const noor = { accountId: 'sim-noor', seed: 'sim-video/x', durationSec: 600 };
    expect(titleTruthOn(noor, ' 3 Lamps ')).toEqual(titleTruthOn(noor, '3 Lamps'));
    const priya = { accountId: 'sim-priya', seed: 'sim-video/y', durationSec: 900 };
    expect(titleTruthOn(priya, 'Jupiter')).toEqual(titleTruthFor('Jupiter', 'sim-video/y', 900));
  });
});
