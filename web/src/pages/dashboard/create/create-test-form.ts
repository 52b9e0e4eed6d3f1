import {
  defaultDurationDaysFor,
  defaultIntervalFor,
  DEFAULT_WINNER_METRIC,
  shapeProblem,
  type WinnerMetric,
} from '../../../../../src/shared/test-shapes';
import {
  CREATE_TEST_MESSAGES,
  MAX_TEST_DAYS,
  MAX_TITLES,
  MIN_FORECAST_DAYS,
  MIN_TITLES,
  titleProblems,
} from '../../../../../src/shared/title-test-rules';
import { estimateViewsPerDay } from '../../../../../src/shared/video-traffic';
import type { RecentVideo } from './video-types';

const DAY_MS = 86_400_000;

export interface CreateTestFormState {
  videoId: string | null;
  videoTitle: string;
  titles: string[];
  rotationIntervalMinutes: number;
  winnerMetric: WinnerMetric;
  /** datetime-local values (local time, "YYYY-MM-DDTHH:mm"). */
  start: string;
  end: string;
  /**
   * True until the creator changes the start: the test then starts "now" by the server's clock (a
   * simulated one after a fast-forward), and only its length is sent, never the browser's time.
   */
  startNow: boolean;
  /** True once the creator set the end (or took a suggested length): a metric switch then leaves it alone. */
  endEdited: boolean;
  /** The picked video's average views per day since it was published, for the plan; null before a pick. */
  viewsPerDay: number | null;
  /** The creator ticked "Start anyway" for a plan too weak to decide (sent only while the plan is weak). */
  acknowledgeWeakPlan: boolean;
}

/** A Date as a datetime-local input value in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value moved by a number of days, or null when it is not a date. */
function addDays(value: string, days: number): string | null {
  const time = new Date(value).getTime();
  return Number.isFinite(time) ? toLocalInputValue(new Date(time + days * DAY_MS)) : null;
}

/**
 * The form's defaults (docs/product.md#validation-rules), with the shape rules of src/shared:
 * metric ctr, so a daily interval and a two-week test; start now; five empty titles.
 */
export function initialFormState(now = new Date()): CreateTestFormState {
  const metric = DEFAULT_WINNER_METRIC;
  return {
    videoId: null,
    videoTitle: '',
    titles: Array.from({ length: MAX_TITLES }, () => ''),
    rotationIntervalMinutes: defaultIntervalFor(metric),
    winnerMetric: metric,
    start: toLocalInputValue(now),
    startNow: true,
    end: toLocalInputValue(new Date(now.getTime() + defaultDurationDaysFor(metric) * DAY_MS)),
    endEdited: false,
    viewsPerDay: null,
    acknowledgeWeakPlan: false,
  };
}

/**
 * A new winner metric brings its default interval (daily for CTR and watch time, which YouTube
 * reports per day) and, unless the creator chose the end, its default length.
 */
export function withWinnerMetric(state: CreateTestFormState, metric: WinnerMetric): CreateTestFormState {
  const end = state.endEdited ? null : addDays(state.start, defaultDurationDaysFor(metric));
  return {
    ...state,
    winnerMetric: metric,
    rotationIntervalMinutes: defaultIntervalFor(metric),
    end: end ?? state.end,
  };
}

/** A new start keeps the metric's default length while the creator has not chosen the end. */
export function withStart(state: CreateTestFormState, start: string): CreateTestFormState {
  const end = state.endEdited ? null : addDays(start, defaultDurationDaysFor(state.winnerMetric));
  return { ...state, start, startNow: false, end: end ?? state.end };
}

export function withEnd(state: CreateTestFormState, end: string): CreateTestFormState {
  return { ...state, end, endEdited: true };
}

/** A suggested shape from the plan: its interval (when the metric allows it) and its length from the start. */
export function withShape(
  state: CreateTestFormState,
  shape: { rotationIntervalMinutes: number; durationDays: number },
): CreateTestFormState {
  const intervalAllowed = shapeProblem(state.winnerMetric, shape.rotationIntervalMinutes) === null;
  const end = addDays(state.start, shape.durationDays);
  return {
    ...state,
    rotationIntervalMinutes: intervalAllowed ? shape.rotationIntervalMinutes : state.rotationIntervalMinutes,
    end: end ?? state.end,
    endEdited: end !== null || state.endEdited,
  };
}

export function nonBlankTitles(titles: string[]): string[] {
  return titles.map((title) => title.trim()).filter((title) => title.length > 0);
}

/** The first problem that blocks creation (docs/product.md#validation-rules), or null. */
export function validationProblem(state: CreateTestFormState): string | null {
  if (!state.videoId) return CREATE_TEST_MESSAGES.noVideo;
  // The server's own title rules, each title's problem in the creator's words (issue 26, item 3).
  const titleProblem = titleProblems(state.titles).find((message) => message !== null);
  if (titleProblem) return titleProblem;
  return shapeProblem(state.winnerMetric, state.rotationIntervalMinutes);
}

/** The form's length in days, to a thousandth (what "now" tests and the plan are sent). */
function lengthInDays(state: Pick<CreateTestFormState, 'start' | 'end'>): number | undefined {
  const days = durationDays(state);
  return days === null ? undefined : Math.round(days * 1000) / 1000;
}

/**
 * When the test runs: a test starting now sends only its length (the server starts it by its own
 * clock); a chosen start sends both dates as ISO strings.
 */
export function scheduleInput(
  state: Pick<CreateTestFormState, 'start' | 'end' | 'startNow'>,
): { durationDays?: number } | { startDate: string; endDate: string } {
  if (state.startNow) {
    const days = lengthInDays(state);
    return days === undefined ? {} : { durationDays: days };
  }
  return { startDate: new Date(state.start).toISOString(), endDate: new Date(state.end).toISOString() };
}

/**
 * The create call's input: blank variants dropped, the schedule of scheduleInput; the
 * acknowledgement of a weak plan only while the plan shown is weak (a stale tick never starts
 * another shape unasked).
 */
export function toCreateInput(state: CreateTestFormState, weakPlan = false) {
  return {
    acknowledgeWeakPlan: weakPlan && state.acknowledgeWeakPlan,
    videoId: state.videoId ?? '',
    videoTitle: state.videoTitle,
    titles: nonBlankTitles(state.titles),
    rotationIntervalMinutes: state.rotationIntervalMinutes,
    winnerMetric: state.winnerMetric,
    ...scheduleInput(state),
  };
}

/** The test's length in days from the form's dates, or null when a date is missing or the end is not after the start. */
export function durationDays(state: Pick<CreateTestFormState, 'start' | 'end'>): number | null {
  const start = new Date(state.start).getTime();
  const end = new Date(state.end).getTime();
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) return null;
  return (end - start) / 86_400_000;
}

export interface PlanInput {
  titleCount: number;
  rotationIntervalMinutes: number;
  durationDays: number;
  winnerMetric: WinnerMetric;
  /** Absent for a test starting now: the server plans from its own clock. */
  startDate?: string;
  viewsPerDay?: number;
  /** The channel the test is for: its measured lag sets the washout. */
  channelId?: string;
}

/** Why the plan (minimum detectable difference) cannot be worked out yet, or null when it can. */
export function planProblem(state: CreateTestFormState): string | null {
  if (nonBlankTitles(state.titles).length < MIN_TITLES)
    return `Enter at least ${MIN_TITLES} titles to see how small a difference this test can detect.`;
  const days = durationDays(state);
  if (days === null) return 'Set an end after the start to see how small a difference this test can detect.';
  if (days > MAX_TEST_DAYS) return `A test can run for at most ${MAX_TEST_DAYS} days.`;
  if (days < MIN_FORECAST_DAYS) return 'This test is too short for every title to get a full window.';
  return null;
}

/** What tests.plan is asked, or null while planProblem says it cannot be asked yet. */
export function planInput(state: CreateTestFormState): PlanInput | null {
  if (planProblem(state) !== null) return null;
  return {
    titleCount: Math.min(nonBlankTitles(state.titles).length, MAX_TITLES),
    rotationIntervalMinutes: state.rotationIntervalMinutes,
    durationDays: lengthInDays(state)!,
    winnerMetric: state.winnerMetric,
    ...(state.startNow ? {} : { startDate: new Date(state.start).toISOString() }),
    ...(state.viewsPerDay === null ? {} : { viewsPerDay: state.viewsPerDay }),
  };
}

/**
 * Title 1 is the baseline: a picked video's current title fills it while it is empty, or while it
 * still holds the previously picked video's title (the creator has not made it their own).
 */
export function withPickedVideo(
  state: CreateTestFormState,
  video: Pick<RecentVideo, 'id' | 'title' | 'viewCount' | 'publishedAt'>,
  now = new Date(),
): CreateTestFormState {
  const first = state.titles[0] ?? '';
  const untouched = first.trim() === '' || (state.videoId !== null && first === state.videoTitle);
  return {
    ...state,
    videoId: video.id,
    videoTitle: video.title,
    titles: untouched ? [video.title, ...state.titles.slice(1)] : state.titles,
    viewsPerDay: estimateViewsPerDay(video, now),
    // Another video is another plan: the creator acknowledges its weakness anew.
    acknowledgeWeakPlan: state.videoId === video.id && state.acknowledgeWeakPlan,
  };
}
