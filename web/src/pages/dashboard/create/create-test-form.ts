import {
  defaultDurationDaysFor,
  defaultIntervalFor,
  DEFAULT_WINNER_METRIC,
  shapeProblem,
  type WinnerMetric,
} from '#shared/test-shapes';
import {
  CREATE_TEST_MESSAGES,
  MAX_TEST_DAYS,
  MAX_TITLES,
  MIN_FORECAST_DAYS,
  MIN_TITLES,
  titleProblems,
} from '#shared/title-test-rules';
import { DEFAULT_TEST_KIND, MIN_NEW_THUMBNAILS, TEST_KIND_MESSAGES, type TestKind } from '#shared/test-kinds';
import { estimateViewsPerDay } from '#shared/video-traffic';
import { variantName } from '../../../components/variants/variant-name';
import { EMPTY_SLOT, slotImageId, slotProblem, type ThumbnailSlot } from './thumbnails/thumbnail-slot';
import type { RecentVideo } from './video-types';
import type { VideoFormat } from '#shared/video-format';

const DAY_MS = 86_400_000;

export interface CreateTestFormState {
  /** What the test rotates: titles, thumbnails, or title + thumbnail packages. */
  kind: TestKind;
  videoId: string | null;
  videoTitle: string;
  /** The picked video's current thumbnail (variant 1 of a thumbnail or package test), for the form to show. */
  videoThumbnailUrl: string | null;
  /** The picked video's format: a Short's thumbnails are 9:16 and its feed hides them (docs/shorts.md). */
  videoFormat: VideoFormat;
  titles: string[];
  /**
   * Each variant's new thumbnail, by position like `titles`: [0] stays empty (variant 1 is the
   * video's current thumbnail, which the server fetches). Kept when the kind changes, sent only by
   * the kinds that rotate thumbnails.
   */
  thumbnails: ThumbnailSlot[];
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
  /**
   * Run to the end date even after a daily check names a winner. Off by default: the winner goes
   * live and the test's YouTube quota is freed as soon as the answer is in.
   */
  runToEnd: boolean;
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
    kind: DEFAULT_TEST_KIND,
    videoId: null,
    videoTitle: '',
    videoThumbnailUrl: null,
    videoFormat: 'video',
    titles: Array.from({ length: MAX_TITLES }, () => ''),
    thumbnails: Array.from({ length: MAX_TITLES }, () => EMPTY_SLOT),
    rotationIntervalMinutes: defaultIntervalFor(metric),
    winnerMetric: metric,
    start: toLocalInputValue(now),
    startNow: true,
    end: toLocalInputValue(new Date(now.getTime() + defaultDurationDaysFor(metric) * DAY_MS)),
    endEdited: false,
    viewsPerDay: null,
    acknowledgeWeakPlan: false,
    runToEnd: false,
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

/** The positions (from 1) whose slots a thumbnail test sends: every new thumbnail stored. */
function thumbnailPositions(state: CreateTestFormState): number[] {
  return state.thumbnails.flatMap((slot, index) => (index > 0 && slotImageId(slot) ? [index] : []));
}

/** The positions (from 1) a package test sends: each new title typed in (its thumbnail goes with it). */
function packagePositions(state: CreateTestFormState): number[] {
  return state.titles.flatMap((title, index) => (index > 0 && title.trim().length > 0 ? [index] : []));
}

/** How many variants the test would have now: Title 1 / the current thumbnail, and those added. */
export function variantCount(state: CreateTestFormState): number {
  if (state.kind === 'titles') return nonBlankTitles(state.titles).length;
  if (state.kind === 'thumbnails') return 1 + thumbnailPositions(state).length;
  return (state.titles[0]?.trim() ? 1 : 0) + packagePositions(state).length;
}

/** What a thumbnail or package test still misses in its images, or null. */
function thumbnailProblem(state: CreateTestFormState): string | null {
  const name = (index: number) => variantName(state.kind, index);
  for (const [index, slot] of state.thumbnails.entries()) {
    const problem = index > 0 ? slotProblem(slot, name(index)) : null;
    if (problem) return problem;
  }
  if (state.kind === 'thumbnails')
    return thumbnailPositions(state).length < MIN_NEW_THUMBNAILS ? TEST_KIND_MESSAGES.thumbnailCount : null;
  for (const [index, slot] of state.thumbnails.entries()) {
    if (index === 0) continue;
    const titled = (state.titles[index] ?? '').trim().length > 0;
    if (titled && !slotImageId(slot)) return `${name(index)} needs a thumbnail for its title.`;
    if (!titled && slotImageId(slot))
      return `${name(index)} has a thumbnail but no title: enter Title ${index + 1} or remove the thumbnail.`;
  }
  return null;
}

/** The first problem that blocks creation (docs/product.md#validation-rules), or null. */
export function validationProblem(state: CreateTestFormState): string | null {
  if (!state.videoId) return CREATE_TEST_MESSAGES.noVideo;
  // The server's own title rules, each title's problem in the creator's words (issue 26, item 3);
  // a thumbnail test keeps the video's title and sends none.
  if (state.kind !== 'thumbnails') {
    const titleProblem = titleProblems(state.titles).find((message) => message !== null);
    if (titleProblem) return titleProblem;
  }
  if (state.kind !== 'titles') {
    const problem = thumbnailProblem(state);
    if (problem) return problem;
  }
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
 * What the kind sends of its variants: a title test its titles; a thumbnail test no titles and the
 * stored images of variants 2, 3, …; a package test Title 1 and each new title with its image, in
 * the same order (blank rows dropped).
 */
export function variantsInput(state: CreateTestFormState): { titles: string[]; thumbnailIds: string[] } {
  const idAt = (index: number) => slotImageId(state.thumbnails[index] ?? EMPTY_SLOT);
  if (state.kind === 'titles') return { titles: nonBlankTitles(state.titles), thumbnailIds: [] };
  if (state.kind === 'thumbnails')
    return { titles: [], thumbnailIds: thumbnailPositions(state).map((index) => idAt(index)!) };
  const positions = packagePositions(state);
  return {
    titles: [(state.titles[0] ?? '').trim(), ...positions.map((index) => state.titles[index]!.trim())],
    thumbnailIds: positions.flatMap((index) => idAt(index) ?? []),
  };
}

/**
 * The create call's input: the kind and its variants (variantsInput), the schedule of
 * scheduleInput, whether it stops at the first winner; the acknowledgement of a weak plan only
 * while the plan shown is weak (a stale tick never starts another shape unasked).
 */
export function toCreateInput(state: CreateTestFormState, weakPlan = false) {
  return {
    acknowledgeWeakPlan: weakPlan && state.acknowledgeWeakPlan,
    videoId: state.videoId ?? '',
    videoTitle: state.videoTitle,
    kind: state.kind,
    ...variantsInput(state),
    rotationIntervalMinutes: state.rotationIntervalMinutes,
    winnerMetric: state.winnerMetric,
    ...scheduleInput(state),
    runToEnd: state.runToEnd,
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
  /** The picked video: where Titlewise holds its daily figures, they tell its own noise. */
  videoId?: string;
  /** What the test rotates: a thumbnail's or a package's switch spends more YouTube quota than a title's. */
  kind: TestKind;
}

/** Why the plan (minimum detectable difference) cannot be worked out yet, or null when it can. */
export function planProblem(state: CreateTestFormState): string | null {
  if (variantCount(state) < MIN_TITLES)
    return state.kind === 'thumbnails'
      ? 'Add a thumbnail to see how small a difference this test can detect.'
      : `Enter at least ${MIN_TITLES} titles to see how small a difference this test can detect.`;
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
    titleCount: Math.min(variantCount(state), MAX_TITLES),
    rotationIntervalMinutes: state.rotationIntervalMinutes,
    durationDays: lengthInDays(state)!,
    winnerMetric: state.winnerMetric,
    kind: state.kind,
    ...(state.startNow ? {} : { startDate: new Date(state.start).toISOString() }),
    ...(state.viewsPerDay === null ? {} : { viewsPerDay: state.viewsPerDay }),
    ...(state.videoId === null ? {} : { videoId: state.videoId }),
  };
}

/**
 * Title 1 is the baseline: a picked video's current title fills it while it is empty, or while it
 * still holds the previously picked video's title (the creator has not made it their own).
 */
export function withPickedVideo(
  state: CreateTestFormState,
  video: Pick<RecentVideo, 'id' | 'title' | 'viewCount' | 'publishedAt'> &
    Partial<Pick<RecentVideo, 'thumbnailUrl' | 'format'>>,
  now = new Date(),
): CreateTestFormState {
  const first = state.titles[0] ?? '';
  const untouched = first.trim() === '' || (state.videoId !== null && first === state.videoTitle);
  const videoFormat = video.format ?? 'video';
  return {
    ...state,
    videoId: video.id,
    videoTitle: video.title,
    videoThumbnailUrl: video.thumbnailUrl ?? null,
    videoFormat,
    // Images shaped for a Short do not fit a long video, nor the other way round.
    thumbnails: videoFormat === state.videoFormat ? state.thumbnails : state.thumbnails.map(() => EMPTY_SLOT),
    titles: untouched ? [video.title, ...state.titles.slice(1)] : state.titles,
    viewsPerDay: estimateViewsPerDay(video, now),
    // Another video is another plan: the creator acknowledges its weakness anew.
    acknowledgeWeakPlan: state.videoId === video.id && state.acknowledgeWeakPlan,
  };
}

/** Another kind of test: titles and images typed or uploaded so far stay, for a switch back. */
export function withKind(state: CreateTestFormState, kind: TestKind): CreateTestFormState {
  return { ...state, kind };
}

/** One variant's new thumbnail changed (its upload moved on, or it was removed). */
export function withThumbnailSlot(
  state: CreateTestFormState,
  index: number,
  slot: ThumbnailSlot,
): CreateTestFormState {
  return { ...state, thumbnails: state.thumbnails.map((current, at) => (at === index ? slot : current)) };
}
