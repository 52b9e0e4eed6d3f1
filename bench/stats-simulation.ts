// The simulation behind the validation study (bench/stats.ts): title tests run through the
// simulator's traffic model with the real schedule generator and washout, analysed by the
// engine as the product would and by naive per-title averaging, against known truths.

import { naiveAnalysis } from '../src/statistics/naive';
import { Random } from '../src/statistics/random';
import { generateSchedule } from '../src/statistics/schedule';
import { analyzeTest, decide, washoutMinutes } from '../src/statistics/verdict';
import type { TestVerdict } from '../src/statistics/verdict';
import type { WindowObservation } from '../src/statistics/window-analysis';
import { trafficBetween } from '../src/youtube-simulator/traffic-model';
import type { TitleSpan, TitleTruth, VideoTruth } from '../src/youtube-simulator/traffic-model';

const DAY_MS = 86_400_000;

export interface Design {
  label: string;
  intervalMinutes: number;
  days: number;
}
export const DESIGNS: Design[] = [
  { label: 'hourly, 7 days', intervalMinutes: 60, days: 7 },
  { label: 'daily, 14 days', intervalMinutes: 1440, days: 14 },
];
export const TITLE_COUNTS = [2, 3, 5];

export interface Scenario {
  label: string;
  metric: 'views' | 'ctr';
  /** True lift of title 2 (index 1) on the metric; the other titles equal the original. */
  lift: number;
}
export const SCENARIOS: Scenario[] = [
  { label: 'identical titles', metric: 'views', lift: 0 },
  { label: 'identical titles', metric: 'ctr', lift: 0 },
  { label: '+5% views', metric: 'views', lift: 0.05 },
  { label: '+10% views', metric: 'views', lift: 0.1 },
  { label: '+5% CTR', metric: 'ctr', lift: 0.05 },
  { label: '+10% CTR', metric: 'ctr', lift: 0.1 },
];

/** A plausible video: traffic level, decay, daily swing and noise drawn per run. */
function drawVideo(random: Random, start: Date, run: string): { video: VideoTruth; ctr: number } {
  const base = 1500 * Math.exp(random.uniform() * Math.log(20)); // 1,500–30,000 impressions/h
  const ctr = 0.03 + 0.05 * random.uniform();
  return {
    ctr,
    video: {
      videoId: run,
      publishedAt: new Date(start.getTime() - (0.5 + 9.5 * random.uniform()) * DAY_MS),
      baseImpressionsPerHour: base,
      decayHalfLifeDays: 2 + 12 * random.uniform(),
      dailyAmplitude: 0.2 + 0.4 * random.uniform(),
      noise: 0.15 + 0.25 * random.uniform(),
      externalViewsPerHour: base * ctr * (0.1 + 0.4 * random.uniform()),
      seed: run,
      carryoverMinutes: 15,
      persistentNoiseShare: 0.3,
    },
  };
}

/**
 * Title truths. A views lift comes from a CTR change alone: external views dilute it, so the CTR
 * change needed for views ×(1+x) is (1+x)(ctr + e) − e, with e = external views per impression.
 */
function titleTruths(scenario: Scenario, titleCount: number, video: VideoTruth, ctr: number): TitleTruth[] {
  const external = video.externalViewsPerHour / video.baseImpressionsPerHour;
  const better =
    scenario.metric === 'ctr' ? ctr * (1 + scenario.lift) : (1 + scenario.lift) * (ctr + external) - external;
  return Array.from({ length: titleCount }, (_, i) => ({
    ctr: i === 1 ? better : ctr,
    avgViewDurationSec: 300,
  }));
}

/** One simulated test: the schedule's windows, measured after the washout, as the server would. */
export function simulateTest(design: Design, titleCount: number, scenario: Scenario, run: string) {
  const random = new Random(run);
  const start = new Date(Date.UTC(2026, 1, 2) + Math.floor(random.uniform() * 60 * 24 * 60) * 60_000);
  const { video, ctr } = drawVideo(random, start, run);
  const titles = titleTruths(scenario, titleCount, video, ctr);
  const end = new Date(start.getTime() + design.days * DAY_MS);
  const slots = generateSchedule({
    seed: run,
    titleCount,
    intervalMinutes: design.intervalMinutes,
    start,
    end,
  });
  const spans: TitleSpan[] = [
    { from: video.publishedAt, to: start, title: titles[0] as TitleTruth },
    ...slots.map((slot) => ({
      from: slot.startsAt,
      to: slot.endsAt,
      title: titles[slot.titleIndex] as TitleTruth,
    })),
  ];
  const washoutMs = washoutMinutes(design.intervalMinutes) * 60_000;
  const windows: WindowObservation[] = [];
  slots.forEach((slot, i) => {
    if (slot.kind !== 'window') return;
    const from = new Date(slot.startsAt.getTime() + washoutMs);
    const traffic = trafficBetween(video, spans.slice(i, i + 2), from, slot.endsAt);
    const views = Math.round(traffic.views);
    windows.push({
      titleIndex: slot.titleIndex,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      measuredHours: (slot.endsAt.getTime() - from.getTime()) / 3_600_000,
      views,
      // Per-window impressions are exact for daily windows; for hourly ones the study idealises.
      impressions: Math.round(traffic.impressions),
      clicks: Math.round(traffic.clicks),
      avgViewDurationSec: views > 0 ? traffic.watchTimeSec / traffic.views : undefined,
    });
  });
  return { windows, start, end, publishedAt: video.publishedAt };
}

export interface Outcome {
  verdict: TestVerdict['verdict'];
  winner: number | null;
  /** Winner by the §4 rule at the end, ignoring the minimum sample. */
  winnerWithoutMinimums: number | null;
  lift: number;
  naiveWinner: number | null;
  naiveLift: number;
}

/** The engine evaluated at each day boundary from day 3 (as the product would), naive at the end. */
export function runTest(
  design: Design,
  titleCount: number,
  scenario: Scenario,
  run: string,
  draws: number,
): Outcome {
  const { windows, start, end, publishedAt } = simulateTest(design, titleCount, scenario, run);
  const analyse = (until: number, isFinal: boolean): TestVerdict =>
    analyzeTest({
      windows: windows.filter((w) => w.endsAt.getTime() <= until),
      titleCount,
      metric: scenario.metric,
      intervalMinutes: design.intervalMinutes,
      isFinal,
      seed: run,
      draws,
      publishedAt,
    });
  let stopped: TestVerdict | null = null;
  for (let day = 3; day < design.days && !stopped; day++) {
    const interim = analyse(start.getTime() + day * DAY_MS, false);
    if (interim.verdict === 'winner' || interim.verdict === 'no_difference') stopped = interim;
  }
  const final = analyse(end.getTime(), true);
  const decision = stopped ?? final;
  const unconstrained = decide(final.titles, { items: [], fraction: 1, met: true }, true, scenario.metric);
  const naive = naiveAnalysis(windows, titleCount, scenario.metric, { seed: run, draws });
  return {
    verdict: decision.verdict,
    winner: decision.verdict === 'winner' ? decision.winnerTitleIndex : null,
    winnerWithoutMinimums: unconstrained.verdict === 'winner' ? unconstrained.winnerTitleIndex : null,
    lift: final.titles[1]?.lift ?? Number.NaN,
    naiveWinner: naive.winnerTitleIndex,
    naiveLift: naive.titles[1]?.lift ?? Number.NaN,
  };
}
