import { z } from 'zod';
import { VIDEO_FORMATS } from '../../shared/video-format';
import { titleTestStatuses } from '../../../db/schema/title-tests';
import {
  defaultIntervalFor,
  DEFAULT_WINNER_METRIC,
  shapeProblem,
  VERDICTS,
  WINNER_METRICS as winnerMetrics,
} from '../../shared/test-shapes';
import { ROTATION_INTERVALS } from '../../shared/title-test-rules';
import {
  DEFAULT_TEST_KIND,
  MAX_NEW_THUMBNAILS,
  MIN_NEW_THUMBNAILS,
  TEST_KINDS,
  TEST_KIND_MESSAGES,
} from '../../shared/test-kinds';
import {
  CREATE_TEST_MESSAGES,
  MAX_TEST_DAYS,
  MAX_TITLES,
  MIN_FORECAST_DAYS,
  MIN_TITLES,
  titleProblems,
} from '../../shared/title-test-rules';

/** A start this far in the past is still "now" (clock skew, time spent filling the form). */
export const START_TOLERANCE_MS = 10 * 60_000;

const rotationInterval = z.coerce
  .number()
  .refine((value) => (ROTATION_INTERVALS as readonly number[]).includes(value), {
    message: `Rotation interval must be one of ${ROTATION_INTERVALS.join(', ')} minutes.`,
  });

/**
 * POST /api/tests and tests.create. Blank variants are dropped before the count is checked
 * (docs/product.md#validation-rules).
 */
export const createTestInputSchema = z
  .object({
    videoId: z
      .string({ message: CREATE_TEST_MESSAGES.noVideo })
      .trim()
      .min(1, CREATE_TEST_MESSAGES.noVideo)
      .max(64),
    videoTitle: z.string().max(200).optional(),
    /** Which of the account's channels the video is on; default the latest connected. */
    channelId: z.uuid({ message: 'Unknown channel id.' }).optional(),
    /** What the test rotates (docs/product.md#test-kinds): titles (the default), thumbnails, or packages. */
    kind: z
      .enum(TEST_KINDS, { message: 'kind must be titles, thumbnails or packages.' })
      .default(DEFAULT_TEST_KIND),
    /**
     * Titles and packages: Title 1 (the baseline) and 1–4 more. Thumbnail tests keep the video's
     * title and send none.
     */
    titles: z
      .array(z.string({ message: 'Titles must be text.' }), { message: CREATE_TEST_MESSAGES.tooFewTitles })
      .max(MAX_TITLES, `At most ${MAX_TITLES} title variants.`)
      .default([]),
    /**
     * Thumbnails and packages: the uploaded images (POST /api/images) of variants 2, 3, …; variant 1
     * is the video's current thumbnail, fetched from YouTube when the test is created.
     */
    thumbnailIds: z
      .array(z.uuid({ message: 'Unknown image id.' }))
      .max(MAX_NEW_THUMBNAILS, TEST_KIND_MESSAGES.thumbnailCount)
      .default([]),
    rotationIntervalMinutes: rotationInterval.optional(),
    winnerMetric: z
      .enum(winnerMetrics, { message: 'Winner metric must be ctr, views or combined.' })
      .default(DEFAULT_WINNER_METRIC),
    startDate: z.iso.datetime({ offset: true, message: 'startDate must be an ISO date-time.' }).optional(),
    endDate: z.iso.datetime({ offset: true, message: 'endDate must be an ISO date-time.' }).optional(),
    /**
     * Instead of an end date: the test's length from its start. The web app sends it with no start
     * date, so a test starting "now" starts by the server's clock (a simulated clock after a
     * fast-forward), not the browser's (issue 26, item 6).
     */
    durationDays: z
      .number({ message: 'durationDays must be a number.' })
      .positive('durationDays must be more than 0.')
      .max(MAX_TEST_DAYS, `A test can run for at most ${MAX_TEST_DAYS} days.`)
      .optional(),
    /**
     * The creator knows the plan is weak on this video's traffic (it only notices a lift above
     * WEAK_FORECAST_LIFT) and starts it anyway; without it such a test is refused (issue 24, item 2).
     */
    acknowledgeWeakPlan: z.boolean({ message: 'acknowledgeWeakPlan must be true or false.' }).default(false),
    /**
     * Run the test to its end date even after a daily look names a winner; by default the test
     * stops there and puts the winner live (docs/statistics.md, "Looks and stopping").
     */
    runToEnd: z.boolean({ message: 'runToEnd must be true or false.' }).default(false),
  })
  .strict()
  // Each title's problem in the words the create form shows under it ("Title 2 can't contain < or >"),
  // so on the object: a problem on the titles field would read "titles: Title 2 …".
  .superRefine((input, issue) => {
    for (const message of kindProblems(input)) issue.addIssue({ code: 'custom', message });
    if (input.kind === 'thumbnails') return;
    for (const message of titleProblems(input.titles)) {
      if (message) issue.addIssue({ code: 'custom', message });
    }
  })
  // Without an interval the metric's default applies (hourly for views, daily for CTR and watch time).
  .transform(({ rotationIntervalMinutes, titles, ...rest }) => ({
    ...rest,
    titles: titles.map((title) => title.trim()).filter((title) => title.length > 0),
    rotationIntervalMinutes: rotationIntervalMinutes ?? defaultIntervalFor(rest.winnerMetric),
  }))
  .superRefine((input, issue) => {
    const problem = shapeProblem(input.winnerMetric, input.rotationIntervalMinutes);
    if (problem) issue.addIssue({ code: 'custom', message: problem, path: ['rotationIntervalMinutes'] });
    if (input.endDate !== undefined && input.durationDays !== undefined)
      issue.addIssue({
        code: 'custom',
        message: 'Give an end date or a length in days, not both.',
        path: ['durationDays'],
      });
  });
export type CreateTestInput = z.input<typeof createTestInputSchema>;

/** What the kind asks of the variants: images for thumbnails, one per new title for packages. */
function kindProblems(input: {
  kind: (typeof TEST_KINDS)[number];
  titles: string[];
  thumbnailIds: string[];
}): string[] {
  const images = input.thumbnailIds;
  const problems: string[] = [];
  if (new Set(images).size !== images.length) problems.push(TEST_KIND_MESSAGES.thumbnailRepeated);
  if (input.kind === 'titles') {
    if (images.length > 0) problems.push(TEST_KIND_MESSAGES.noThumbnailsForTitles);
  } else if (input.kind === 'thumbnails') {
    if (images.length < MIN_NEW_THUMBNAILS) problems.push(TEST_KIND_MESSAGES.thumbnailCount);
    if (input.titles.some((title) => title.trim().length > 0))
      problems.push('A thumbnail test keeps the video’s title: send no titles.');
  } else {
    const newTitles = input.titles.slice(1).filter((title) => title.trim().length > 0).length;
    if (images.length !== newTitles) problems.push(TEST_KIND_MESSAGES.packageCount);
  }
  return problems;
}

export const testActions = ['pause', 'resume', 'complete', 'cancel'] as const;
export type TestAction = (typeof testActions)[number];
export const testIdSchema = z.object({ id: z.uuid({ message: 'Unknown test id.' }) });

/** GET /api/tests/{id}/export: CSV of the windows or the daily figures, or JSON of the analysis. */
export const testExportQuerySchema = z.object({
  format: z.enum(['csv', 'json'], { message: 'format must be csv or json.' }).default('csv'),
  table: z.enum(['windows', 'daily'], { message: 'table must be windows or daily.' }).default('windows'),
});
/** How far a founder's fast-forward button moves the simulated clock: a day, or past the test's end. */
export const FAST_FORWARD_SPANS = ['day', 'end'] as const;
export type FastForwardSpan = (typeof FAST_FORWARD_SPANS)[number];

export const fastForwardBodySchema = z.object({
  span: z.enum(FAST_FORWARD_SPANS, { message: 'span must be day or end.' }),
});
export const fastForwardInputSchema = testIdSchema.extend(fastForwardBodySchema.shape);
export const testActionParamsSchema = testIdSchema.extend({
  action: z.enum(testActions, { message: 'Action must be pause, resume, complete or cancel.' }),
});

const figureSource = z.enum(['measured', 'estimated', 'pending']);

export const testAnalyticsSummarySchema = z.object({
  averageCtr: z.number().nullable(),
  totalViews: z.number(),
  totalImpressions: z.number(),
  averageViewDuration: z.number().nullable(),
  dataPointsCollected: z.number(),
  rotationsCount: z.number(),
});

/**
 * A Test (docs/product.md#entities), plus what the card needs to be honest: why it is paused, what
 * failed, what is live.
 */
export const titleTestSchema = z.object({
  id: z.uuid(),
  status: z.enum(titleTestStatuses),
  statusReason: z.string().nullable(),
  lastError: z.string().nullable(),
  videoId: z.string(),
  videoTitle: z.string(),
  originalTitle: z.string(),
  kind: z.enum(TEST_KINDS),
  /** The video is a long video or a Short (docs/shorts.md). */
  videoFormat: z.enum(VIDEO_FORMATS),
  titles: z.array(z.string()),
  /** Each variant's thumbnail (thumbnail and package tests; variant 1's is the original), else null. */
  thumbnails: z.array(z.string().nullable()),
  rotationIntervalMinutes: z.number(),
  winnerMetric: z.enum(winnerMetrics),
  startDate: z.iso.datetime(),
  endDate: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  appliedTitle: z.string().nullable(),
  /** The thumbnail the end left live (thumbnail and package tests). */
  appliedThumbnail: z.string().nullable(),
  /** While queued for YouTube capacity: when it is expected to start (null: once a running test makes room). */
  expectedStartAt: z.iso.datetime().nullable(),
  /** The test ends at the first daily look that names a winner; false: the creator chose to run it to its end. */
  stopsAtVerdict: z.boolean(),
  /** The plan the test promises (as created, then confirmed on the video's traffic); null for tests from before plans were kept. */
  forecast: z.lazy(() => storedForecastSchema).nullable(),
  analytics: testAnalyticsSummarySchema,
});
export type TitleTestView = z.infer<typeof titleTestSchema>;

/** Why the verdict leaves a window out (src/title-tests/figures/counted-windows.ts). */
export const WINDOW_EXCLUSIONS = ['lead-in', 'tail', 'too-short', 'no-reading', 'counter-gap'] as const;
export type WindowExclusion = (typeof WINDOW_EXCLUSIONS)[number];
/** Where a window stands with the verdict. */
export const WINDOW_ANALYSIS = ['counted', 'excluded', 'pending'] as const;
export type WindowAnalysis = (typeof WINDOW_ANALYSIS)[number];

export const rotationLogSchema = z.object({
  order: z.number(),
  title: z.string(),
  titleText: z.string(),
  /** The variant's thumbnail (thumbnail and package tests), else null. */
  thumbnailUrl: z.string().nullable(),
  activatedAt: z.iso.datetime().nullable(),
  ctrAtRotation: z.number().nullable(),
  ctrSource: figureSource,
  viewsAtRotation: z.number().nullable(),
  averageViewDuration: z.number().nullable(),
  durationSource: figureSource,
  durationMinutes: z.number().nullable(),
  /**
   * Whether the verdict counts this rotation (src/title-tests/figures/counted-windows.ts): counted, left
   * out (excludedBecause, excludedReason say why), or pending (live now, or waiting for the next
   * view count to read its end). Every total and chart counts what the verdict counts.
   */
  analysis: z.enum(WINDOW_ANALYSIS),
  excludedBecause: z.enum(WINDOW_EXCLUSIONS).nullable(),
  /** Why the verdict leaves it out, in plain words; null unless excluded. */
  excludedReason: z.string().nullable(),
  /** What the verdict reads of a counted window: the views after the washout, and the hours they span. */
  analysedViews: z.number().nullable(),
  analysedHours: z.number().nullable(),
  /** While CTR is pending: when YouTube's reach figures for this rotation's day are expected. */
  ctrExpectedAt: z.iso.datetime().nullable(),
  /** While the view duration is pending: when YouTube Analytics' figures for its day are expected. */
  durationExpectedAt: z.iso.datetime().nullable(),
});

/**
 * When what is still missing is expected, as instants (the web app words them relative to its
 * clock): computed with the figures from the engine's schedule and YouTube's delays
 * (src/title-tests/figures/figure-expectations.ts).
 */
export type RotationLog = z.infer<typeof rotationLogSchema>;

export const figureExpectationsSchema = z.object({
  /** Before the schedule's first window: when it starts, and why the test waits for it. */
  firstRotation: z.object({ at: z.iso.datetime(), reason: z.string() }).nullable(),
  /** While views are counted: the next count of the public view counter. */
  nextViewSampleAt: z.iso.datetime().nullable(),
  /** While the average CTR (and impressions) is pending: when the first day's figures are expected. */
  ctrAt: z.iso.datetime().nullable(),
  /** While the average view duration is pending: when the first day's figures are expected. */
  durationAt: z.iso.datetime().nullable(),
  /** Until the verdict is decided: when it is expected. */
  verdictAt: z.iso.datetime().nullable(),
  /** For a CTR or watch-time verdict: the latest it is decided, with or without the last figures. */
  verdictDeadline: z.iso.datetime().nullable(),
});
export type FigureExpectations = z.infer<typeof figureExpectationsSchema>;

export const testAnalyticsSchema = z.object({
  rotationsCount: z.number(),
  nextRotationIn: z.number().nullable(),
  /**
   * The product's clock when the panel was read (null as stored): what "in 2 days" counts from,
   * since a simulator's clock may run ahead of the viewer's.
   */
  clockAt: z.iso.datetime().nullable(),
  averageCtr: z.number().nullable(),
  totalViews: z.number(),
  averageViewDuration: z.number().nullable(),
  currentTitle: z.string().nullable(),
  rotationLogs: z.array(rotationLogSchema),
  /** Which figures are YouTube's measurements and which are Titlewise's own estimates, and how fresh. */
  dataNotes: z.object({
    viewsAsOf: z.iso.datetime().nullable(),
    ctrAndDurationThrough: z.string().nullable(),
    ctrSource: figureSource,
    durationSource: figureSource,
  }),
  expected: figureExpectationsSchema,
});
export type TestAnalytics = z.infer<typeof testAnalyticsSchema>;

export const dashboardStatsSchema = z.object({
  activeTests: z.number(),
  totalViews: z.number(),
  avgCtr: z.number().nullable(),
  completedTests: z.number(),
});

export const actionResultSchema = z.object({ success: z.literal(true), test: titleTestSchema });
export const founderToolResultSchema = z.object({ success: z.literal(true), message: z.string() });

/** GET /api/tests/plan and tests.plan: what a test of this shape can detect, before it starts. */
export const testForecastInputSchema = z.object({
  titleCount: z.coerce.number().int().min(MIN_TITLES).max(MAX_TITLES),
  rotationIntervalMinutes: rotationInterval,
  durationDays: z.coerce.number().min(MIN_FORECAST_DAYS).max(MAX_TEST_DAYS),
  winnerMetric: z
    .enum(winnerMetrics, { message: 'Winner metric must be ctr, views or combined.' })
    .default(DEFAULT_WINNER_METRIC),
  /** The video's recent views per day, when known: small channels have noisier windows. */
  viewsPerDay: z.coerce.number().min(0).max(1e9).optional(),
  startDate: z.iso.datetime({ offset: true, message: 'startDate must be an ISO date-time.' }).optional(),
  /** Which of the account's channels the test is for (its measured lag); default the latest connected. */
  channelId: z.uuid({ message: 'Unknown channel id.' }).optional(),
  /** The video, when chosen: its daily figures, where Titlewise holds them, tell its own noise. */
  videoId: z.string().trim().min(1).max(64).optional(),
  /** What the test rotates, for the quota it spends (a thumbnail's switch costs as much as a title's; a package both). */
  kind: z.enum(TEST_KINDS, { message: 'kind must be titles, thumbnails or packages.' }).optional(),
});
export type TestForecastInput = z.infer<typeof testForecastInputSchema>;

const forecastShapeSchema = z.object({
  rotationIntervalMinutes: z.number(),
  durationDays: z.number(),
  titleCount: z.number(),
  minimumDetectableLiftPercent: z.number(),
});

export const testForecastSchema = z.object({
  winnerMetric: z.enum(winnerMetrics),
  /** Whether this shape can end in a Winner at all, as the engine measures it. */
  canDecide: z.boolean(),
  /** What carries the metric: a rotation window (views) or a Pacific day (CTR, watch time). */
  unit: z.enum(['window', 'day']),
  unitsPerTitle: z.number(),
  /** Kept for older clients: the same as unitsPerTitle. */
  windowsPerTitle: z.number(),
  /** The true lift the test finds with 80% chance; null when it cannot decide. */
  minimumDetectableLiftPercent: z.number().nullable(),
  /**
   * Where the noise the plan rests on comes from: the channel's finished tests of this shape, this
   * video's own figures, or an assumption (a channel twice as noisy as typical) that the test
   * replaces with the video's figures before its first switch.
   */
  noiseSource: z.enum(['channel', 'video', 'assumed']),
  /** Hours the test reads the video's views before its first switch (0: none). */
  calibrationHours: z.number(),
  /** Days from the start until the verdict, for half of the tests at the detectable difference; null when it cannot decide. */
  daysToVerdict: z.number().nullable(),
  /** YouTube quota units the test likely spends until that verdict (switches, reads, putting the title back). */
  quotaUnits: z.number().nullable(),
  /** … and if it ran its whole length. */
  plannedQuotaUnits: z.number().nullable(),
  /**
   * Every interval the metric allows, each at the shortest length that finds the same difference
   * as this plan (about 10% when this plan cannot decide), with when its verdict would likely come
   * and what it would spend: the dialog recommends the soonest that the account's capacity can run.
   */
  alternatives: z.array(
    z.object({
      rotationIntervalMinutes: z.number(),
      durationDays: z.number(),
      minimumDetectableLiftPercent: z.number(),
      daysToVerdict: z.number().nullable(),
      quotaUnits: z.number().nullable(),
      /** Days it would wait for capacity before starting (0: it starts now); null: this account cannot run it. */
      waitDays: z.number().nullable(),
      recommended: z.boolean(),
    }),
  ),
  /** The traffic the plan assumed (views per day), for small-channel honesty. */
  viewsPerDay: z.number(),
  /** Hours after the end date until the verdict: YouTube's daily figures arrive late. */
  verdictDelayHours: z.number(),
  /** The nearest shape that can decide, when this one cannot (or detects only large lifts). */
  suggestion: forecastShapeSchema.nullable(),
  summary: z.string(),
  /**
   * Minutes ignored after each switch: the default rule, or longer on a channel whose finished
   * tests show views following the previous title for longer (docs/statistics.md, "Carryover and
   * counter lag").
   */
  washoutMinutes: z.number(),
  /** How long after a switch views follow the previous title on this channel (until all but a small share of them follow the new one), as measured; null when not measured. */
  lagMinutes: z.number().nullable(),
});
export type TestForecast = z.infer<typeof testForecastSchema>;

/**
 * The plan a test keeps (title_tests.forecast): the dialog's plan for the chosen shape (the other
 * shapes it compared are not kept: `alternatives` is empty), then, for a plan that had to assume the
 * channel's noise, confirmed on the video's own traffic before the first switch.
 */
export const storedForecastSchema = testForecastSchema.extend({
  /** When the plan was confirmed on the video's traffic (it stays assumed when the video showed too little). */
  confirmedAt: z.iso.datetime().optional(),
  /** The assumed plan the confirmation replaced. */
  assumedPlan: z.object({ minimumDetectableLiftPercent: z.number().nullable() }).optional(),
});
export type StoredForecast = z.infer<typeof storedForecastSchema>;

/**
 * POST /api/tests/{id}/extend and tests.extend: the new end of a running test, or of one waiting
 * for its final figures (docs/decisions/0024-extending-a-test.md). GET /api/tests/{id}/extension-plan
 * and tests.extensionPlan take the same input to preview it.
 */
export const extendTestBodySchema = z.object({
  endDate: z.iso.datetime({ offset: true, message: 'endDate must be an ISO date-time.' }),
});
export const extendTestInputSchema = testIdSchema.extend(extendTestBodySchema.shape);
export type ExtendTestInput = z.infer<typeof extendTestInputSchema>;

/** What extending a test to `endDate` would give, before the creator confirms. */
export const extensionForecastSchema = z.object({
  /** The end asked about, the current one, and the range a new end may take. */
  endDate: z.iso.datetime(),
  currentEndDate: z.iso.datetime(),
  earliestEndDate: z.iso.datetime(),
  latestEndDate: z.iso.datetime(),
  /** The test waits for its final figures: extending puts it back to running. */
  reopens: z.boolean(),
  /** Why it cannot be extended to that end (its state, the date, or YouTube capacity); null when it can. */
  problem: z.string().nullable(),
  /** The plan for the test's length with the new end (null when the date cannot be planned). */
  plan: testForecastSchema.nullable(),
  /** What the test detects as it stands (its current length), for comparison. */
  currentMinimumDetectableLiftPercent: z.number().nullable(),
});
export type ExtensionForecast = z.infer<typeof extensionForecastSchema>;

/** The statistics engine's verdict as the analytics panel shows it (Titlewise's own calculation). */
export const verdictViewSchema = z.object({
  verdict: z.enum(VERDICTS),
  /** The verdict in words: Winner, Performed the same, Inconclusive — not enough data. */
  label: z.string(),
  /** The test has ended and waits for YouTube's daily figures of its last days before deciding. */
  awaitingFinalData: z.boolean(),
  /** For an undecided test: about how many more days of testing would settle it, when that is knowable. */
  moreDaysNeeded: z.number().nullable(),
  winnerTitleIndex: z.number().nullable(),
  /**
   * The title that goes live at the end (0 = the original): the winner; else a challenger that
   * beats the original with the winner's confidence; else the original. While the test runs,
   * what would go live if it ended now.
   */
  recommendedTitleIndex: z.number(),
  /** running: the reading so far; ended: completed (decided, or waiting for its final figures); cancelled: stopped, the original went back. */
  stage: z.enum(['running', 'ended', 'cancelled']),
  reason: z.string(),
  metric: z.enum(winnerMetrics),
  final: z.boolean(),
  /** The randomisation test's p-value of the leader's lead over the runner-up; null without numbers. */
  pValue: z.number().nullable(),
  /** How the figures were computed ('randomisation': redrawn schedules); null without numbers. */
  method: z.string().nullable(),
  titles: z.array(
    z.object({
      titleIndex: z.number(),
      title: z.string(),
      liftPercent: z.number(),
      liftLowPercent: z.number(),
      liftHighPercent: z.number(),
      probabilityBest: z.number(),
      expectedLossPercent: z.number(),
    }),
  ),
  progress: z.object({
    fraction: z.number(),
    met: z.boolean(),
    items: z.array(
      z.object({
        /** unitsPerTitle, eventsPerTitle (views or clicks), planned; other keys from verdicts stored earlier. */
        key: z.string(),
        label: z.string(),
        current: z.number(),
        required: z.number(),
        met: z.boolean(),
      }),
    ),
    /** Days of testing the measured units cover, and the days the schedule plans; null without a plan. */
    days: z.object({ measured: z.number(), planned: z.number() }).nullable(),
  }),
  notes: z.array(z.string()),
  /**
   * A running test short of a winner: the chance it names one by its end if a variant is as much
   * better as its plan could find (docs/statistics.md, "Looks and stopping"); null otherwise.
   * Under 10%, with a quarter of the test measured, the card offers to stop it with the original back.
   */
  chanceOfWinner: z.number().nullable(),
  /** Raw per-title averages, for the raw vs adjusted toggle: views per hour, and CTR where measured. */
  raw: z.array(
    z.object({
      titleIndex: z.number(),
      viewsPerHour: z.number().nullable(),
      windows: z.number(),
      ctrPercent: z.number().nullable(),
      days: z.number(),
    }),
  ),
});
export type VerdictView = z.infer<typeof verdictViewSchema>;

/**
 * GET /api/tests/{id}/analytics: the test analytics of docs/product.md#entities plus the engine's
 * verdict.
 */
export const testAnalyticsWithVerdictSchema = testAnalyticsSchema.extend({ verdict: verdictViewSchema });
export type TestAnalyticsWithVerdict = z.infer<typeof testAnalyticsWithVerdictSchema>;
