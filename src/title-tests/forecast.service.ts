// The forecast of a test's shape on this channel and video (GET /api/tests/plan, tests.plan, and the
// checks creation and extension run with it; docs/statistics.md, "Forecast"). The product and the
// API call it "the plan"; the code says forecast, apart from the subscription plan
// (docs/decisions/0031). What it knows of the traffic sets how far it can be trusted: the channel's
// finished tests of the same shape, else the video's own daily history, else a pessimistic
// assumption that the test confirms on the video before its first switch (forecast-confirmation.ts).
import { and, desc, eq } from 'drizzle-orm';
import { titleTests } from '../../db/schema';
import type { ServiceContext } from '../context/service-context';
import type { UserRow } from '../../db/schema/users';
import {
  intervalsFor,
  isMeasuredPerDay,
  isWeakForecast,
  shapeProblem,
  weakForecastMessage,
} from '../shared/test-shapes';
import { washoutMinutes, type WindowObservation } from '../statistics';
import { type ShapeForecast, decisionProblem, forecastShape } from '../statistics/forecast';
import { type ForecastShape, TYPICAL_VIEWS_PER_DAY } from '../statistics/forecast-inputs';
import { type NoiseEstimate, estimateTrafficNoise } from '../statistics/noise-estimate';
import { suggestShape } from '../statistics/shape-suggestion';
import type { TestForecast, TestForecastInput } from './records/title-tests.schemas';
import type { TestKind } from '../shared/test-kinds';
import { forecastAdvice, forecastProblemWords } from '../shared/forecast-problems';
import { computeVerdictInputs } from './figures/verdict-inputs';
import { channelVideosHistory, videoHistory } from './figures/video-history';
import { chosenChannel } from '../channels';
import { capacityForShape } from '../capacity';
import { calibrationHoursFor, videoNoise } from './figures/video-noise';
import {
  DAILY_VERDICT_DELAY_HOURS,
  forecastShapeOf,
  planOf,
  roundPercent,
  type TrafficKnowledge,
} from './figures/forecast-plan';
import {
  lagOfChannel,
  type ChannelLag,
  lagProblem,
  shortestIntervalFor,
  washoutFor,
  washoutNote,
} from './figures/channel-lag';

/**
 * Why a test of this shape could never end in a verdict, with the nearest shape that could, or
 * null. Creation refuses such shapes: every test the product starts must be able to decide.
 */
export function verdictProblem(shape: ForecastShape, kind: TestKind): string | null {
  const problem = decisionProblem(shape);
  if (!problem) return null;
  const noise = { viewsPerDay: TYPICAL_VIEWS_PER_DAY };
  const suggestion = suggestShape(shape, forecastShape(shape, noise), noise);
  const context = { kind, variantCount: shape.titleCount, durationDays: shape.durationDays };
  return `This test cannot reach a verdict. ${forecastProblemWords(problem, context)} ${forecastAdvice(context, suggestion?.shape ?? null)}`;
}

/**
 * Why the plan of a test, as forecast on this channel and video (a first read of the video
 * included), could never end in a verdict, or null: creation refuses it with the plan's advice.
 */
export function undecidablePlanProblem(
  plan: TestForecast,
  variantCount: number,
  kind: TestKind,
): string | null {
  if (plan.canDecide) return null;
  const suggested = plan.suggestion && {
    titleCount: plan.suggestion.titleCount,
    durationDays: plan.suggestion.durationDays,
  };
  return `This test cannot reach a verdict. ${plan.summary} ${forecastAdvice({ kind, variantCount }, suggested)}`;
}

/** The creator's finished tests of the same shape: their windows measure this channel's noise. */
async function channelHistory(
  ctx: ServiceContext,
  user: UserRow,
  input: Pick<TestForecastInput, 'rotationIntervalMinutes' | 'winnerMetric'>,
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
 * The channel's noise from its finished tests' windows, or null (the forecast then reads the video,
 * or assumes). The past tests may have had more titles than the one planned: their titles are the
 * noise fit's nuisance terms, so the fit takes as many as the windows name. A fit that fails on odd
 * data is logged and left out: a plan preview never fails on the channel's history.
 */
export function channelNoise(
  history: WindowObservation[],
  input: Pick<TestForecastInput, 'winnerMetric' | 'rotationIntervalMinutes'>,
  log?: { warn(details: object, message: string): void },
): NoiseEstimate | null {
  if (history.length === 0) return null;
  const titleCount = Math.max(...history.map((window) => window.titleIndex)) + 1;
  try {
    return estimateTrafficNoise(history, input.winnerMetric, input.rotationIntervalMinutes, titleCount);
  } catch (error) {
    log?.warn({ err: error }, 'The channel’s noise could not be estimated; the plan does without it');
    return null;
  }
}

/**
 * The noise a forecast of this shape rests on: the channel's finished tests of the shape; else the
 * video's daily history (daily shapes), read from what the product holds; else the pessimistic
 * assumption, with a calibration read before the first switch where the shape needs the counter.
 */
export async function trafficKnowledge(
  ctx: ServiceContext,
  user: UserRow,
  input: Pick<TestForecastInput, 'rotationIntervalMinutes' | 'winnerMetric' | 'videoId' | 'channelId'>,
  viewsPerDay: number,
  washout: number,
): Promise<TrafficKnowledge> {
  const base = { viewsPerDay, washoutMinutes: washout };
  const channel = channelNoise(await channelHistory(ctx, user, input), input, ctx.log);
  if (channel)
    return {
      noise: { ...base, trafficNoise: channel.noise, noiseDf: channel.df, source: 'channel' },
      calibrationHours: 0,
    };
  const calibrationHours = calibrationHoursFor(input, viewsPerDay, washout);
  if (calibrationHours === 0) {
    const now = ctx.clock.now();
    const connection = await chosenChannel(ctx.db, user, input.channelId);
    const days = input.videoId ? await videoHistory(ctx.db, input.videoId, now) : [];
    const channel = connection ? await channelVideosHistory(ctx.db, connection.youtubeChannelId, now) : [];
    const video = videoNoise(input, { days, readings: [], channel }, washout);
    if (video)
      return {
        noise: {
          ...base,
          viewsPerDay: video.viewsPerDay ?? viewsPerDay,
          halfLifeDays: video.halfLifeDays ?? undefined,
          clicksPerDay: video.clicksPerDay ?? undefined,
          trafficNoise: video.noise,
          noiseDf: video.df,
          source: 'video',
        },
        calibrationHours: 0,
      };
  }
  return { noise: base, calibrationHours };
}

/**
 * Why creation refuses a shape that can decide in principle but, on this video's traffic, would
 * only notice a title that doubles the metric (isWeakForecast), or null: the very plan the dialog
 * previews (forecastTest). The creator can start it anyway by acknowledging it. Shapes that cannot
 * decide at all are refused elsewhere, with their reason.
 */
export function weakPlanProblem(plan: TestForecast, viewsPerDay: number | null): string | null {
  if (!plan.canDecide || !isWeakForecast(plan.minimumDetectableLiftPercent)) return null;
  return weakForecastMessage({
    minimumDetectableLiftPercent: plan.minimumDetectableLiftPercent!,
    winnerMetric: plan.winnerMetric,
    viewsPerDay,
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
    noiseSource: 'assumed' as const,
    daysToVerdict: null,
    quotaUnits: null,
    plannedQuotaUnits: null,
    alternatives: [],
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
 * Before a test starts: the smallest true lift the shape finds with 80% chance, how soon and at
 * what quota, as the engine will measure it, from the channel's own noise when it has finished
 * tests of this shape, the video's daily figures when the product holds them, and otherwise the
 * pessimistic case; or why it cannot decide and what can.
 */
export async function forecastTest(
  ctx: ServiceContext,
  user: UserRow,
  input: TestForecastInput,
  options: {
    /** A running test's (its extension's plan): it keeps its washout, and is not refused for the lag. */
    existing?: { washoutMinutes: number | null };
    /**
     * Whether to compare the other intervals (the dialog's alternatives, each with its capacity
     * wait). Creating a test keeps the plan it runs on, not the shapes it did not choose: it skips them.
     */
    alternatives?: boolean;
  } = {},
): Promise<TestForecast> {
  const { existing } = options;
  const start = input.startDate ? new Date(input.startDate) : ctx.clock.now();
  const viewsPerDay = input.viewsPerDay ?? TYPICAL_VIEWS_PER_DAY;
  const kind = input.kind ?? 'titles';
  const base = {
    winnerMetric: input.winnerMetric,
    unit: isMeasuredPerDay(input.winnerMetric) ? ('day' as const) : ('window' as const),
    viewsPerDay,
    verdictDelayHours: isMeasuredPerDay(input.winnerMetric) ? DAILY_VERDICT_DELAY_HOURS : 0,
    washoutMinutes: washoutMinutes(input.rotationIntervalMinutes),
    lagMinutes: null as number | null,
    calibrationHours: 0,
  };
  const refused = shapeProblem(input.winnerMetric, input.rotationIntervalMinutes);
  if (refused) {
    const daily = forecastShapeOf({ ...input, rotationIntervalMinutes: 1440 }, start, 0);
    const plan = forecastShape(daily, { viewsPerDay });
    return cannotDecide(base, plan.minimumDetectableLift === null ? null : daily, plan, refused);
  }
  // How long views follow the previous title on this channel sets the washout, and windows too
  // short for it are refused (channel-lag.ts); the plan counts only the part after the washout.
  const lag = existing ? null : await lagOfChannel(ctx.db, user, input.channelId);
  const washout = existing?.washoutMinutes ?? washoutFor(input.rotationIntervalMinutes, lag);
  const measured = {
    ...base,
    washoutMinutes: washout,
    lagMinutes: lag && !lag.assumed ? Math.round(lag.clearMinutes) : null,
  };
  const tooShort = lagProblem(input, lag);
  if (tooShort) {
    // The suggestion is planned as a test of that interval would be: its washout, its calibration.
    const interval = shortestIntervalFor(input.winnerMetric, lag);
    if (interval === null) return cannotDecide(measured, null, null, tooShort);
    const asked = { ...input, rotationIntervalMinutes: interval };
    const knowledge = await trafficKnowledge(ctx, user, asked, viewsPerDay, washoutFor(interval, lag));
    const longer = forecastShapeOf(asked, start, knowledge.calibrationHours);
    return cannotDecide(measured, longer, forecastShape(longer, knowledge.noise), tooShort);
  }
  const knowledge = await trafficKnowledge(ctx, user, input, viewsPerDay, washout);
  // A running test's extension reads no calibration: the test has long since switched.
  const calibrationHours = existing ? 0 : knowledge.calibrationHours;
  const shape = forecastShapeOf(input, start, calibrationHours);
  const plan = planOf(shape, { ...knowledge, calibrationHours }, kind, {
    washoutMinutes: washout,
    lagMinutes: measured.lagMinutes,
    lagNote: washoutNote(input.rotationIntervalMinutes, lag),
    viewsPerDay,
    running: existing !== undefined,
  });
  if (existing || options.alternatives === false) return plan;
  const target = (plan.minimumDetectableLiftPercent ?? COMPARED_LIFT_PERCENT) / 100;
  return {
    ...plan,
    alternatives: await alternativesFor(ctx, user, input, { start, viewsPerDay, lag, target }),
  };
}

/** The difference shapes are compared at when the asked one cannot decide. */
const COMPARED_LIFT_PERCENT = 10;
const MAX_DAYS = 60;
const DAY_MS = 86_400_000;

/**
 * Each interval the metric allows at the shortest whole number of days that finds `target`, with
 * its days to a verdict, its quota, and how long it would wait for the account's capacity; the
 * soonest verdict (waiting included) among those this account can run is recommended.
 */
async function alternativesFor(
  ctx: ServiceContext,
  user: UserRow,
  input: TestForecastInput,
  context: { start: Date; viewsPerDay: number; lag: ChannelLag | null; target: number },
): Promise<TestForecast['alternatives']> {
  const kind = input.kind ?? 'titles';
  const found: TestForecast['alternatives'] = [];
  for (const interval of intervalsFor(input.winnerMetric)) {
    const asked = { ...input, rotationIntervalMinutes: interval };
    if (lagProblem(asked, context.lag)) continue;
    const washout = washoutFor(interval, context.lag);
    const knowledge = await trafficKnowledge(ctx, user, asked, context.viewsPerDay, washout);
    const shapeFor = (days: number) =>
      forecastShapeOf({ ...asked, durationDays: days }, context.start, knowledge.calibrationHours);
    const finds = (days: number) => {
      const lift = forecastShape(shapeFor(days), knowledge.noise).minimumDetectableLift;
      return lift !== null && lift <= context.target + 1e-9;
    };
    if (!finds(MAX_DAYS)) continue;
    let low = 0;
    let high = MAX_DAYS;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (finds(mid)) high = mid;
      else low = mid;
    }
    const plan = planOf(shapeFor(high), knowledge, kind, {
      washoutMinutes: washout,
      lagMinutes: null,
      lagNote: '',
      viewsPerDay: context.viewsPerDay,
    });
    const capacity = await capacityForShape(ctx, user, {
      rotationIntervalMinutes: interval,
      winnerMetric: input.winnerMetric,
      durationDays: high,
      kind,
      calibrationHours: knowledge.calibrationHours,
    });
    const waitDays =
      capacity.decision === 'refuse'
        ? null
        : capacity.expectedStartAt
          ? Math.max(0, (Date.parse(capacity.expectedStartAt) - context.start.getTime()) / DAY_MS)
          : 0;
    found.push({
      rotationIntervalMinutes: interval,
      durationDays: high,
      minimumDetectableLiftPercent: plan.minimumDetectableLiftPercent ?? context.target * 100,
      daysToVerdict: plan.daysToVerdict,
      quotaUnits: plan.quotaUnits,
      waitDays: waitDays === null ? null : Math.round(waitDays * 10) / 10,
      recommended: false,
    });
  }
  const soonest = (alternative: TestForecast['alternatives'][number]) =>
    alternative.waitDays === null || alternative.daysToVerdict === null
      ? Number.POSITIVE_INFINITY
      : alternative.waitDays + alternative.daysToVerdict;
  const best = found.reduce<(typeof found)[number] | null>(
    (top, alternative) =>
      soonest(alternative) < (top ? soonest(top) : Number.POSITIVE_INFINITY) ? alternative : top,
    null,
  );
  return found.map((alternative) => ({ ...alternative, recommended: alternative === best }));
}
