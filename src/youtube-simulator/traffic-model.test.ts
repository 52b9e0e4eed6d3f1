import { describe, expect, it } from 'vitest';
import { titleTruthFor, trafficBetween } from './traffic-model';
import type { TitleSpan, TitleTruth, VideoTruth } from './traffic-model';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const published = new Date('2026-02-02T17:00:00Z');
const video: VideoTruth = {
  videoId: 'vid-1',
  publishedAt: published,
  baseImpressionsPerHour: 5000,
  decayHalfLifeDays: 4,
  dailyAmplitude: 0.4,
  noise: 0.3,
  externalViewsPerHour: 40,
  seed: 'video-seed-1',
  persistentNoiseShare: 0.3,
};
const weak: TitleTruth = { ctr: 0.04, avgViewDurationSec: 300 };
const strong: TitleTruth = { ctr: 0.05, avgViewDurationSec: 300 };
const at = (hours: number): Date => new Date(published.getTime() + hours * HOUR);
const always = (title: TitleTruth): TitleSpan[] => [{ from: published, to: at(24 * 365), title }];

describe('trafficBetween', () => {
  it('gives the title with the higher true CTR more views over a week', () => {
    const week: [Date, Date] = [at(24), at(24 * 8)];
    const a = trafficBetween(video, always(weak), ...week);
    const b = trafficBetween(video, always(strong), ...week);
    expect(b.impressions).toBeCloseTo(a.impressions, 6); // impressions do not depend on the title
    expect(b.views).toBeGreaterThan(a.views * 1.15);
    expect(b.clicks / b.impressions).toBeGreaterThan(0.045);
    expect(b.watchTimeSec).toBeGreaterThan(a.watchTimeSec);
  });

  it('keeps counters monotonic and repeated queries identical', () => {
    const spans: TitleSpan[] = [
      { from: published, to: at(30.5), title: weak },
      { from: at(30.5), to: at(24 * 30), title: strong },
    ];
    let previous = 0;
    for (let minutes = 0; minutes <= 72 * 60; minutes += 37) {
      const views = trafficBetween(video, spans, published, at(minutes / 60)).views;
      expect(views).toBeGreaterThanOrEqual(previous);
      previous = views;
    }
    expect(trafficBetween(video, spans, at(3), at(50))).toEqual(trafficBetween(video, spans, at(3), at(50)));
  });

  it('adds up: traffic over [a, c] equals [a, b] + [b, c], switches and carryover included', () => {
    const carried = { ...video, carryoverMinutes: 15 };
    const spans: TitleSpan[] = [
      { from: published, to: at(10), title: weak },
      { from: at(10), to: at(11.25), title: strong },
      { from: at(11.25), to: at(100), title: weak },
    ];
    for (const split of [10.1, 10.5, 11.3, 17.77]) {
      const whole = trafficBetween(carried, spans, at(9.4), at(40));
      const left = trafficBetween(carried, spans, at(9.4), at(split));
      const right = trafficBetween(carried, spans, at(split), at(40));
      for (const key of ['impressions', 'clicks', 'views', 'watchTimeSec'] as const) {
        expect(left[key] + right[key]).toBeCloseTo(whole[key], 6);
      }
    }
  });

  it('shows the previous title during the carryover after a switch', () => {
    const spans: TitleSpan[] = [
      { from: published, to: at(10), title: weak },
      { from: at(10), to: at(20), title: strong },
    ];
    const firstMinutes: [Date, Date] = [at(10), at(10.2)];
    const cached = trafficBetween({ ...video, carryoverMinutes: 15 }, spans, ...firstMinutes);
    const oldTitle = trafficBetween(video, always(weak), ...firstMinutes);
    const newTitle = trafficBetween(video, spans, ...firstMinutes);
    expect(cached.clicks).toBeCloseTo(oldTitle.clicks, 8);
    expect(newTitle.clicks).toBeGreaterThan(cached.clicks);
  });

  it('decays with age and peaks in the Pacific evening', () => {
    const calm = { ...video, noise: 0 };
    const day = (d: number): number =>
      trafficBetween(calm, always(weak), at(d * 24), at(d * 24 + 24)).impressions;
    expect(day(4) / day(0)).toBeCloseTo(0.5, 2); // one half-life
    // 2026-02-03: 19:00 Pacific = 03:00Z on the 4th; 07:00 Pacific = 15:00Z on the 3rd.
    const evening = trafficBetween(
      calm,
      always(weak),
      new Date('2026-02-04T03:00:00Z'),
      new Date('2026-02-04T04:00:00Z'),
    );
    const morning = trafficBetween(
      calm,
      always(weak),
      new Date('2026-02-03T15:00:00Z'),
      new Date('2026-02-03T16:00:00Z'),
    );
    expect(evening.impressions / morning.impressions).toBeGreaterThan(2);
  });

  it('accrues nothing before publication and refuses ranges no title covers', () => {
    const before = trafficBetween(video, always(weak), new Date(published.getTime() - DAY), published);
    expect(before).toEqual({ impressions: 0, clicks: 0, views: 0, watchTimeSec: 0 });
    expect(() => trafficBetween(video, [{ from: at(1), to: at(2), title: weak }], at(0), at(2))).toThrow(
      RangeError,
    );
  });
});

describe('titleTruthFor', () => {
  it('gives any title a stable truth in the documented ranges', () => {
    const truth = titleTruthFor('I tried 100 titles', 'seed', 600);
    expect(titleTruthFor('I tried 100 titles', 'seed', 600)).toEqual(truth);
    expect(titleTruthFor('I tried 100 titles', 'other seed', 600)).not.toEqual(truth);
    for (let i = 0; i < 500; i++) {
      const { ctr, avgViewDurationSec } = titleTruthFor(`title ${i}`, 'seed', 600);
      expect(ctr).toBeGreaterThanOrEqual(0.02);
      expect(ctr).toBeLessThanOrEqual(0.1);
      expect(avgViewDurationSec).toBeGreaterThanOrEqual(240);
      expect(avgViewDurationSec).toBeLessThanOrEqual(420);
    }
  });
});
