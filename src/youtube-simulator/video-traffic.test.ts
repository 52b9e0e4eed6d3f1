import { describe, expect, it } from 'vitest';
import { thumbnailCtrMultiplier, titleTruthFor } from './traffic-model';
import type { SimVideo } from './video-store';
import { countersAt, trafficOf } from './video-traffic';

const DAY = 86_400_000;
const publishedAt = new Date('2026-11-01T16:00:00Z');
const video: SimVideo = {
  id: 'vid00000001',
  accountId: 'sim-demo',
  publishedAt,
  title: 'unused',
  description: '',
  tags: null,
  categoryId: '26',
  defaultLanguage: null,
  defaultAudioLanguage: null,
  durationSec: 600,
  frameWidth: 1920,
  frameHeight: 1080,
  processingStatus: 'succeeded',
  thumbnailLabel: 'X',
  thumbnailHue: 0,
  baseImpressionsPerHour: 2000,
  decayHalfLifeDays: 9,
  dailyAmplitude: 0.45,
  noise: 0.25,
  externalViewsPerHour: 25,
  likeRate: 0.04,
  commentRate: 0.004,
  seed: 'sim-video/test',
  snippetUpdatedAt: publishedAt,
};

/** Two titles of this video whose true CTRs differ, found by search (truths are pseudo-random per text). */
function titlesWithDifferentCtr(): [string, string] {
  const candidates = Array.from({ length: 40 }, (_, index) => `Candidate title ${index}`);
  const ranked = candidates
    .map((title) => ({ title, ctr: titleTruthFor(title, video.seed, video.durationSec).ctr }))
    .sort((a, b) => b.ctr - a.ctr);
  return [ranked[0]!.title, ranked[ranked.length - 1]!.title];
}

describe("simulated videos' ground truth", () => {
  it('gives the title with the higher true CTR more views over a simulated week', () => {
    const [better, worse] = titlesWithDifferentCtr();
    const truthBetter = titleTruthFor(better, video.seed, video.durationSec);
    const truthWorse = titleTruthFor(worse, video.seed, video.durationSec);
    expect(truthBetter.ctr).toBeGreaterThan(truthWorse.ctr * 1.5);
    const week = (title: string) =>
      trafficOf(
        video,
        [{ title, since: publishedAt }],
        new Date(publishedAt.getTime() + DAY),
        new Date(publishedAt.getTime() + 8 * DAY),
      );
    const a = week(better);
    const b = week(worse);
    // Same impressions (the title does not change who is shown the video), more clicks and views.
    expect(a.impressions).toBeCloseTo(b.impressions, 6);
    expect(a.views).toBeGreaterThan(b.views);
    expect(a.clicks / b.clicks).toBeCloseTo(truthBetter.ctr / truthWorse.ctr, 1);
  });

  it('credits each moment to the title live then: a change moves only the later numbers', () => {
    const [better, worse] = titlesWithDifferentCtr();
    const switchAt = new Date(publishedAt.getTime() + 3 * DAY);
    const end = new Date(publishedAt.getTime() + 6 * DAY);
    const kept = [{ title: worse, since: publishedAt }];
    const changed = [...kept, { title: better, since: switchAt }];
    expect(trafficOf(video, changed, publishedAt, switchAt)).toEqual(
      trafficOf(video, kept, publishedAt, switchAt),
    );
    expect(trafficOf(video, changed, switchAt, end).views).toBeGreaterThan(
      trafficOf(video, kept, switchAt, end).views,
    );
  });

  it('keeps public counters whole and growing, and nothing before publication', () => {
    const history = [{ title: 'Any title', since: publishedAt }];
    expect(countersAt(video, history, new Date(publishedAt.getTime() - DAY)).viewCount).toBe(0);
    let previous = 0;
    for (let hours = 1; hours <= 72; hours += 7) {
      const { viewCount, likeCount } = countersAt(
        video,
        history,
        new Date(publishedAt.getTime() + hours * 3_600_000),
      );
      expect(Number.isInteger(viewCount)).toBe(true);
      expect(viewCount).toBeGreaterThanOrEqual(previous);
      expect(likeCount).toBeLessThan(viewCount);
      previous = viewCount;
    }
    expect(previous).toBeGreaterThan(1000);
  });
});

describe("a custom thumbnail's ground truth", () => {
  const switchAt = new Date(publishedAt.getTime() + 3 * DAY);
  const end = new Date(publishedAt.getTime() + 6 * DAY);
  const withThumbnail = (ctrMultiplier?: number) => [
    { title: 'A title', since: publishedAt },
    { title: 'A title', since: switchAt, ...(ctrMultiplier === undefined ? {} : { ctrMultiplier }) },
  ];

  it('leaves the traffic exactly as it was while the original shows (multiplier 1)', () => {
    const plain = trafficOf(video, [{ title: 'A title', since: publishedAt }], publishedAt, end);
    expect(trafficOf(video, withThumbnail(1), publishedAt, end)).toEqual(plain);
    expect(trafficOf(video, withThumbnail(), publishedAt, end)).toEqual(plain);
  });

  it('scales clicks, not impressions, from the moment feeds show the new image', () => {
    const after = new Date(switchAt.getTime() + 3_600_000);
    const base = trafficOf(video, withThumbnail(1), after, end);
    const better = trafficOf(video, withThumbnail(1.25), after, end);
    expect(better.impressions).toBe(base.impressions);
    expect(better.clicks / base.clicks).toBeCloseTo(1.25, 10);
    expect(trafficOf(video, withThumbnail(1.25), publishedAt, switchAt)).toEqual(
      trafficOf(video, withThumbnail(1), publishedAt, switchAt),
    );
  });

  it('derives a stable multiplier from the image bytes, between 0.7 and 1.3', () => {
    const multipliers = Array.from({ length: 200 }, (_, index) =>
      thumbnailCtrMultiplier(video.seed, index.toString(16).padStart(64, '0')),
    );
    expect(thumbnailCtrMultiplier(video.seed, 'ab'.repeat(32))).toBe(
      thumbnailCtrMultiplier(video.seed, 'ab'.repeat(32)),
    );
    expect(Math.min(...multipliers)).toBeGreaterThanOrEqual(0.7);
    expect(Math.max(...multipliers)).toBeLessThanOrEqual(1.3);
    expect(new Set(multipliers).size).toBe(200);
  });
});
