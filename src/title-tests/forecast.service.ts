// The power forecast of a test's shape on this channel (GET /api/tests/plan, tests.plan, and the
// checks creation and extension run with it). The product and the API call it "the plan"; the
// code says forecast, apart from the subscription plan (docs/decisions/0031).
import { and, desc, eq } from 'drizzle-orm';
import { titleTests } from '../../db/schema';
import type { ServiceContext } from '../platform/service-context';
import type { UserRow } from '../auth/session.service';
import {
  isMeasuredPerDay,
  isWeakForecast,
  METRIC_WORDS,
  shapeProblem,
  weakForecastMessage,
} from '../shared/test-shapes';
import {
  estimateTrafficNoise,
  forecastShape,
  TYPICAL_VIEWS_PER_DAY,
  washoutMinutes,
  type WindowObservation,
} from '../statistics';
import {
  decisionProblem,
  suggestShape,
  type ForecastNoise,
  type ForecastShape,
  type ShapeForecast,
} from '../statistics/forecast';
import type { TestForecast, TestForecastInput } from './records/title-tests.schemas';
import { computeVerdictInputs } from './figures/verdict-inputs';
import {
  lagOfChannel,
  lagProblem,
  measuredViewsFactor,
  shortestIntervalFor,
  washoutFor,
  washoutNote,
} from './figures/channel-lag';

/** Hours from the end date until the verdict of a daily-metric test: YouTube's last figures arrive ~2 days late. */
export const DAILY_VERDICT_DELAY_HOURS = 50;

const roundPercent = (lift: number): number => Math.round(lift * 1000) / 10;
const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * Why a test of this shape could never end in a verdict, with the nearest shape that could, or
 * null. Creation refuses such shapes: every test the product starts must be able to decide.
 */
export function verdictProblem(shape: ForecastShape): string | null {
  const problem = decisionProblem(shape);
  if (!problem) return null;
  const noise = { viewsPerDay: TYPICAL_VIEWS_PER_DAY };
  const suggestion = suggestShape(shape, forecastShape(shape, noise), noise);
  const advice = !suggestion
    ? 'Make it longer or use fewer titles.'
    : suggestion.shape.titleCount !== shape.titleCount
      ? `Use ${suggestion.shape.titleCount} titles or fewer.`
      : `Make it at least ${plural(suggestion.shape.durationDays, 'day')} long.`;
  return `This test cannot reach a verdict: ${problem}. ${advice}`;
}

/** The creator's finished tests of the same shape: their windows measure this channel's noise. */
async function channelHistory(
  ctx: ServiceContext,
  user: UserRow,
  input: TestForecastInput,
): Promise<WindowObservation[]> {
  const past = await ctx.db
    .select({ id: titleTests.id })
    .from(titleTests)
    .where(
      and(
        eq(titleTests.userId, user.id),
        eq(titleTests.status, 'completed'),
        eq(titleTests.rotationIntervalMinutes, input.rotationIntervalMinutes),
        eq(titleTests.winnerMetric, input.winnerMetric),
      ),
    )
    .orderBy(desc(titleTests.createdAt))
    .limit(3);
  const windows = await Promise.all(past.map((test) => computeVerdictInputs(ctx, test.id)));
  return windows.flat();
}

/**
 * The channel's noise from its finished tests' windows, or null (typical noise is assumed then).
 * The past tests may have had more titles than the one planned: their titles are the noise fit's
 * nuisance terms, so the fit takes as many as the windows name. A fit that fails on odd data is
 * logged and falls back to typical noise: a plan preview never fails on the channel's history.
 */
export function channelNoise(
  history: WindowObservation[],
  input: Pick<TestForecastInput, 'winnerMetric' | 'rotationIntervalMinutes'>,
  log?: { warn(details: object, message: string): void },
): number | null {
  if (history.length === 0) return null;
  const titleCount = Math.max(...history.map((window) => window.titleIndex)) + 1;
  try {
    const noise = estimateTrafficNoise(
      history,
      input.winnerMetric,
      input.rotationIntervalMinutes,
      titleCount,
    );
    return noise !== null && Number.isFinite(noise) ? noise : null;
  } catch (error) {
    log?.warn({ err: error }, 'The channel’s noise could not be estimated; the plan assumes typical noise');
    return null;
  }
}

/** What the shape can detect and what noise that assumes; the suggestion and the verdict delay are fields of their own. */
function summaryFor(shape: ForecastShape, plan: ShapeForecast, noiseWords: string): string {
  const unit = isMeasuredPerDay(shape.metric) ? 'day' : 'window';
  if (plan.minimumDetectableLift === null) {
    const problem = plan.problem ?? 'too few units';
    return `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`;
  }
  return `With ${plural(plan.unitsPerTitle, unit)} per title, this test finds a true difference of about ${roundPercent(plan.minimumDetectableLift)}% in ${METRIC_WORDS[shape.metric]} 8 times in 10 (${noiseWords}). Smaller differences will likely end “Inconclusive”.`;
}

/** What the shape detects on this channel: its own noise when it has finished tests of this shape, else typical noise. */
async function channelPlan(
  ctx: ServiceContext,
  user: UserRow,
  shape: ForecastShape,
  input: TestForecastInput,
  viewsPerDay: number,
): Promise<{ plan: ShapeForecast; noise: ForecastNoise; trafficNoise: number | null }> {
  const history = await channelHistory(ctx, user, input);
  const trafficNoise = channelNoise(history, input, ctx.log);
  const noise = { viewsPerDay, trafficNoise };
  return { plan: forecastShape(shape, noise), noise, trafficNoise };
}

/**
 * Why creation refuses a shape that can decide in principle but, on this video's traffic, would
 * only notice a title that doubles the metric (isWeakForecast), or null. It is the very plan the dialog
 * previews (forecastTest) for the same views per day: the creator can start it anyway by
 * acknowledging it. Shapes that cannot decide at all are refused elsewhere, with their reason.
 */
export async function weakForecastProblem(
  ctx: ServiceContext,
  user: UserRow,
  /** The shape, the views per day read from the video, and the channel it is on. */
  input: TestForecastInput & { channelId?: string },
): Promise<string | null> {
  const plan = await forecastTest(ctx, user, input);
  if (!plan.canDecide || !isWeakForecast(plan.minimumDetectableLiftPercent)) return null;
  return weakForecastMessage({
    minimumDetectableLiftPercent: plan.minimumDetectableLiftPercent!,
    winnerMetric: input.winnerMetric,
    viewsPerDay: input.viewsPerDay ?? null,
  });
}

/** A plan that cannot decide as asked, with the shape that can (when there is one) and why. */
function cannotDecide<Base extends object>(
  base: Base,
  suggested: ForecastShape | null,
  plan: ShapeForecast | null,
  summary: string,
) {
  return {
    ...base,
    canDecide: false as const,
    unitsPerTitle: 0,
    windowsPerTitle: 0,
    minimumDetectableLiftPercent: null,
    noiseSource: 'typical' as const,
    suggestion:
      !suggested || plan?.minimumDetectableLift == null
        ? null
        : {
            rotationIntervalMinutes: suggested.intervalMinutes,
            durationDays: suggested.durationDays,
            titleCount: suggested.titleCount,
            minimumDetectableLiftPercent: roundPercent(plan.minimumDetectableLift),
          },
    summary,
  };
}

/**
 * Before a test starts: the smallest true lift the shape finds with 80% chance, as the engine
 * will measure it, from the channel's own noise when it has finished tests of this shape and
 * from the video's traffic when the client knows it; or why it cannot decide and what can.
 */
export async function forecastTest(
  ctx: ServiceContext,
  user: UserRow,
  input: TestForecastInput,
  /** A running test's (its extension's plan): it keeps its washout, and is not refused for the lag. */
  existing?: { washoutMinutes: number | null },
): Promise<TestForecast> {
  const shape: ForecastShape = {
    intervalMinutes: input.rotationIntervalMinutes,
    metric: input.winnerMetric,
    titleCount: input.titleCount,
    durationDays: input.durationDays,
    start: input.startDate ? new Date(input.startDate) : ctx.clock.now(),
  };
  const viewsPerDay = input.viewsPerDay ?? TYPICAL_VIEWS_PER_DAY;
  const base = {
    winnerMetric: input.winnerMetric,
    unit: isMeasuredPerDay(input.winnerMetric) ? ('day' as const) : ('window' as const),
    viewsPerDay,
    verdictDelayHours: isMeasuredPerDay(input.winnerMetric) ? DAILY_VERDICT_DELAY_HOURS : 0,
    washoutMinutes: washoutMinutes(input.rotationIntervalMinutes),
    lagMinutes: null as number | null,
  };
  const refused = shapeProblem(input.winnerMetric, input.rotationIntervalMinutes);
  if (refused) {
    const daily = { ...shape, intervalMinutes: 1440 };
    const plan = forecastShape(daily, { viewsPerDay });
    return cannotDecide(base, plan.minimumDetectableLift === null ? null : daily, plan, refused);
  }
  // How long views follow the previous title on this channel sets the washout, and windows too
  // short for it are refused (channel-lag.ts); the plan counts only the part after the washout.
  const lag = existing ? null : await lagOfChannel(ctx.db, user, input.channelId);
  const washout = existing?.washoutMinutes ?? washoutFor(input.rotationIntervalMinutes, lag);
  const measured = { ...base, washoutMinutes: washout, lagMinutes: lag && Math.round(lag.minutes) };
  const tooShort = lagProblem(input, lag);
  if (tooShort) {
    const interval = shortestIntervalFor(input.winnerMetric, lag);
    const longer = interval === null ? null : { ...shape, intervalMinutes: interval };
    const factor = interval === null ? 1 : measuredViewsFactor(interval, washoutFor(interval, lag));
    const plan = longer && forecastShape(longer, { viewsPerDay: viewsPerDay * factor });
    return cannotDecide(measured, longer, plan, tooShort);
  }
  const measuredViews = viewsPerDay * measuredViewsFactor(input.rotationIntervalMinutes, washout);
  const { plan, noise, trafficNoise } = await channelPlan(ctx, user, shape, input, measuredViews);
  const suggestion = suggestShape(shape, plan, noise);
  const noiseWords =
    trafficNoise !== null
      ? 'from the noise of your recent tests'
      : `for a channel with typical noise and about ${Math.round(viewsPerDay).toLocaleString('en-US')} views a day on this video`;
  return {
    ...measured,
    canDecide: plan.minimumDetectableLift !== null,
    unitsPerTitle: plan.unitsPerTitle,
    windowsPerTitle: plan.unitsPerTitle,
    minimumDetectableLiftPercent:
      plan.minimumDetectableLift === null ? null : roundPercent(plan.minimumDetectableLift),
    noiseSource: trafficNoise === null ? 'typical' : 'channel',
    suggestion:
      suggestion && suggestion.plan.minimumDetectableLift !== null
        ? {
            rotationIntervalMinutes: suggestion.shape.intervalMinutes,
            durationDays: suggestion.shape.durationDays,
            titleCount: suggestion.shape.titleCount,
            minimumDetectableLiftPercent: roundPercent(suggestion.plan.minimumDetectableLift),
          }
        : null,
    summary: `${summaryFor(shape, plan, noiseWords)}${washoutNote(input.rotationIntervalMinutes, lag)}`,
  };
}
