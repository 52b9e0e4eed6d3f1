import { expect } from 'vitest';
import { titleTruthFor } from '../../src/youtube-simulator/traffic-model';
import type { TestApp } from './test-app';
import { liveVideo } from './title-test-driver';

/**
 * Two titles for a simulated video whose true CTRs (the simulator's ground truth) differ by at
 * least half: the weakest and the strongest of 40 numbered variants of `stem`.
 */
export async function clearlyDifferentTitles(
  testApp: TestApp,
  videoId: string,
  stem: string,
): Promise<{ weaker: string; stronger: string }> {
  const video = await liveVideo(testApp, videoId);
  const ranked = Array.from({ length: 40 }, (_, index) => `${stem} ${index + 1}`)
    .map((title) => ({ title, ctr: titleTruthFor(title, video.seed, video.durationSec).ctr }))
    .sort((a, b) => a.ctr - b.ctr);
  const [weaker, stronger] = [ranked[0]!, ranked.at(-1)!];
  expect(stronger.ctr / weaker.ctr).toBeGreaterThan(1.5);
  return { weaker: weaker.title, stronger: stronger.title };
}
