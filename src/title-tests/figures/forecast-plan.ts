// The plan a test promises, as the dialog and the card show it (docs/statistics.md, "Forecast"):
// the forecast of its shape (src/statistics/forecast.ts) on the traffic the product knows of, in the
// creator's words, with the days to a verdict and the YouTube quota it likely spends.
// forecast.service.ts resolves the traffic for the plan preview and for creation; the engine
// confirms the plan on the video's own traffic before the first switch
// (engine/forecast-confirmation.ts).
import { unitsPerSwitch, samplingUnitsPerDay, RESTORE_RESERVE_UNITS } from '../../capacity';
import { isMeasuredPerDay, METRIC_WORDS } from '../../shared/test-shapes';
import type { TestKind } from '../../shared/test-kinds';
import { forecastProblemWords } from '../../shared/forecast-problems';
import { type ShapeForecast, forecastShape } from '../../statistics/forecast';
import type { ForecastNoise, ForecastShape } from '../../statistics/forecast-inputs';
import { suggestShape } from '../../statistics/shape-suggestion';
import type { TestForecast, TestForecastInput } from '../records/title-tests.schemas';

const HOUR_MS = 3_600_000;

export const roundPercent = (lift: number): number => Math.round(lift * 1000) / 10;
export const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/** Hours from the end date until the verdict of a daily-metric test: YouTube's last figures arrive ~2 days late. */
export const DAILY_VERDICT_DELAY_HOURS = 50;
/** What the forecast knows of the traffic, and from where. */
export interface TrafficKnowledge {
  noise: ForecastNoise;
  /** Hours the test reads the video's counter before its first switch (0: none needed). */
  calibrationHours: number;
}

/** What the summary says the noise was taken from. */
function noiseWords(plan: ShapeForecast, viewsPerDay: number, calibrationHours: number): string {
  if (plan.noiseSource === 'channel') return 'from the noise of your recent tests';
  if (plan.noiseSource === 'video') return 'from what this video and your channel showed before the test';
  const traffic = `about ${Math.round(viewsPerDay).toLocaleString('en-US')} views a day on this video`;
  return calibrationHours > 0
    ? `assuming a channel twice as noisy as a typical one, with ${traffic}, until Titlewise has read this video`
    : `assuming a channel twice as noisy as a typical one, with ${traffic}`;
}

/** "2 days", "about 9 days". */
const daysWords = (days: number): string => {
  const whole = Math.max(1, Math.round(days));
  return `about ${plural(whole, 'day')}`;
};

/** What the shape can detect and what noise that assumes; the suggestion and the verdict delay are fields of their own. */
function summaryFor(
  shape: ForecastShape,
  plan: ShapeForecast,
  kind: TestKind,
  words: string,
  calibrationHours: number,
  running = false,
): string {
  const unit = isMeasuredPerDay(shape.metric) ? 'day' : 'window';
  if (plan.minimumDetectableLift === null)
    return forecastProblemWords(plan.problem ?? { code: 'too-short' }, {
      kind,
      variantCount: shape.titleCount,
      durationDays: shape.durationDays,
    });
  const reading =
    calibrationHours > 0
      ? ` Titlewise first reads this video’s views for ${calibrationHours} hours without changing anything, then confirms this forecast before the first switch.`
      : '';
  const verdict =
    plan.daysToVerdict !== null
      ? ` At that difference the verdict comes in ${daysWords(plan.daysToVerdict)}; larger ones end the test sooner.`
      : '';
  // Said before the test is created, not only on its card (issue 36, item 7).
  const wait = running ? null : plan.hoursToFirstSwitch;
  const daily = shape.intervalMinutes >= 1440;
  const firstSwitch =
    wait !== null && wait >= 2
      ? ` The first switch comes about ${plural(Math.round(wait), 'hour')} after the start${daily && calibrationHours === 0 ? ': daily windows follow YouTube’s days, which begin at midnight Pacific time' : ''}.`
      : '';
  return `With ${plural(plan.unitsPerTitle, unit)} per title, this test finds a true difference of about ${roundPercent(plan.minimumDetectableLift)}% in ${METRIC_WORDS[shape.metric]} 8 times in 10 (${words}). Smaller differences will likely end “Inconclusive”.${verdict}${reading}${firstSwitch}`;
}

/** Quota units of the switches and reads a test of this plan makes, and the put-back at the end. */
export function quotaUnits(
  plan: ShapeForecast,
  shape: ForecastShape,
  kind: TestKind,
  until: 'verdict' | 'end',
): number | null {
  const switches = until === 'end' ? plan.switches.planned : plan.switches.untilVerdict;
  const slots = until === 'end' ? plan.slots.planned : plan.slots.untilVerdict;
  if (switches === null || slots === null) return null;
  const days =
    until === 'end'
      ? shape.durationDays
      : Math.min(shape.durationDays, plan.daysToVerdict ?? shape.durationDays);
  const sampling = samplingUnitsPerDay({
    rotationIntervalMinutes: shape.intervalMinutes,
    winnerMetric: shape.metric,
    kind,
  });
  // Every slot reads the video (1); each change writes what changes; the end puts the original back.
  return Math.round(slots + switches * (unitsPerSwitch(kind) - 1) + sampling * days + RESTORE_RESERVE_UNITS);
}

/** The shape of a forecast input, from its start (now by default) and a calibration read, if any. */
export function forecastShapeOf(
  input: Pick<TestForecastInput, 'rotationIntervalMinutes' | 'winnerMetric' | 'titleCount' | 'durationDays'>,
  start: Date,
  calibrationHours: number,
): ForecastShape {
  return {
    intervalMinutes: input.rotationIntervalMinutes,
    metric: input.winnerMetric,
    titleCount: input.titleCount,
    durationDays: input.durationDays,
    start,
    ...(calibrationHours > 0 ? { designStart: new Date(start.getTime() + calibrationHours * HOUR_MS) } : {}),
  };
}

/** The forecast of a shape as the plan preview shows it, on traffic already resolved. */
export function planOf(
  shape: ForecastShape,
  knowledge: TrafficKnowledge,
  kind: TestKind,
  extras: {
    washoutMinutes: number;
    lagMinutes: number | null;
    lagNote: string;
    viewsPerDay: number;
    /** A running test's plan (Extend): its first switch is behind it, so the plan does not speak of it. */
    running?: boolean;
  },
): TestForecast {
  const plan = forecastShape(shape, knowledge.noise);
  const suggestion = suggestShape(shape, plan, knowledge.noise);
  return {
    winnerMetric: shape.metric,
    unit: isMeasuredPerDay(shape.metric) ? 'day' : 'window',
    viewsPerDay: knowledge.noise.viewsPerDay,
    verdictDelayHours: isMeasuredPerDay(shape.metric) ? DAILY_VERDICT_DELAY_HOURS : 0,
    washoutMinutes: extras.washoutMinutes,
    lagMinutes: extras.lagMinutes,
    canDecide: plan.minimumDetectableLift !== null,
    unitsPerTitle: plan.unitsPerTitle,
    windowsPerTitle: plan.unitsPerTitle,
    minimumDetectableLiftPercent:
      plan.minimumDetectableLift === null ? null : roundPercent(plan.minimumDetectableLift),
    noiseSource: plan.noiseSource,
    calibrationHours: knowledge.calibrationHours,
    daysToVerdict: plan.daysToVerdict === null ? null : Math.round(plan.daysToVerdict * 10) / 10,
    quotaUnits: quotaUnits(plan, shape, kind, 'verdict'),
    plannedQuotaUnits: quotaUnits(plan, shape, kind, 'end'),
    alternatives: [],
    suggestion:
      suggestion && suggestion.plan.minimumDetectableLift !== null
        ? {
            rotationIntervalMinutes: suggestion.shape.intervalMinutes,
            durationDays: suggestion.shape.durationDays,
            titleCount: suggestion.shape.titleCount,
            minimumDetectableLiftPercent: roundPercent(suggestion.plan.minimumDetectableLift),
          }
        : null,
    summary: `${summaryFor(shape, plan, kind, noiseWords(plan, extras.viewsPerDay, knowledge.calibrationHours), knowledge.calibrationHours, extras.running)}${extras.lagNote}`,
  };
}
