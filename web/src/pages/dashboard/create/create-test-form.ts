import {
  DEFAULT_ROTATION_MINUTES,
  DEFAULT_TEST_DAYS,
  MAX_TEST_DAYS,
  MAX_TITLE_VARIANTS,
  MIN_PLAN_DAYS,
  MIN_TITLE_VARIANTS,
  YOUTUBE_TITLE_LIMIT,
  type WinnerMetric,
} from '../../../lib/constants';

export interface CreateTestFormState {
  videoId: string | null;
  videoTitle: string;
  titles: string[];
  rotationIntervalMinutes: number;
  winnerMetric: WinnerMetric;
  /** datetime-local values (local time, "YYYY-MM-DDTHH:mm"). */
  start: string;
  end: string;
}

/** A Date as a datetime-local input value in the browser's time zone. */
export function toLocalInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** SPEC §5 defaults: interval 60, metric ctr, start now, end 7 days later, five empty titles. */
export function initialFormState(now = new Date()): CreateTestFormState {
  const end = new Date(now.getTime() + DEFAULT_TEST_DAYS * 86_400_000);
  return {
    videoId: null,
    videoTitle: '',
    titles: Array.from({ length: MAX_TITLE_VARIANTS }, () => ''),
    rotationIntervalMinutes: DEFAULT_ROTATION_MINUTES,
    winnerMetric: 'ctr',
    start: toLocalInputValue(now),
    end: toLocalInputValue(end),
  };
}

export function nonBlankTitles(titles: string[]): string[] {
  return titles.map((title) => title.trim()).filter((title) => title.length > 0);
}

/** The first problem that blocks creation (SPEC §5 messages), or null. */
export function validationProblem(state: CreateTestFormState): string | null {
  if (!state.videoId) return 'Please select a video';
  if (nonBlankTitles(state.titles).length < MIN_TITLE_VARIANTS)
    return 'Please enter at least 2 title variants';
  if (state.titles.some((title) => title.trim().length > YOUTUBE_TITLE_LIMIT))
    return `Titles can be at most ${YOUTUBE_TITLE_LIMIT} characters`;
  return null;
}

/** The create call's input: blank variants dropped, dates as ISO strings. */
export function toCreateInput(state: CreateTestFormState) {
  return {
    videoId: state.videoId ?? '',
    videoTitle: state.videoTitle,
    titles: nonBlankTitles(state.titles),
    rotationIntervalMinutes: state.rotationIntervalMinutes,
    winnerMetric: state.winnerMetric,
    startDate: new Date(state.start).toISOString(),
    endDate: new Date(state.end).toISOString(),
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
}

/** Why the plan (minimum detectable difference) cannot be worked out yet, or null when it can. */
export function planProblem(state: CreateTestFormState): string | null {
  if (nonBlankTitles(state.titles).length < MIN_TITLE_VARIANTS)
    return 'Enter at least 2 titles to see how small a difference this test can detect.';
  const days = durationDays(state);
  if (days === null) return 'Set an end after the start to see how small a difference this test can detect.';
  if (days > MAX_TEST_DAYS) return `A test can run for at most ${MAX_TEST_DAYS} days.`;
  if (days < MIN_PLAN_DAYS) return 'This test is too short for every title to get a full window.';
  return null;
}

/** What tests.plan is asked, or null while planProblem says it cannot be asked yet. */
export function planInput(state: CreateTestFormState): PlanInput | null {
  if (planProblem(state) !== null) return null;
  return {
    titleCount: Math.min(nonBlankTitles(state.titles).length, MAX_TITLE_VARIANTS),
    rotationIntervalMinutes: state.rotationIntervalMinutes,
    durationDays: Math.round(durationDays(state)! * 1000) / 1000,
  };
}

/**
 * Title 1 is the baseline: a picked video's current title fills it while it is empty, or while it
 * still holds the previously picked video's title (the creator has not made it their own).
 */
export function withPickedVideo(
  state: CreateTestFormState,
  video: { id: string; title: string },
): CreateTestFormState {
  const first = state.titles[0] ?? '';
  const untouched = first.trim() === '' || (state.videoId !== null && first === state.videoTitle);
  return {
    ...state,
    videoId: video.id,
    videoTitle: video.title,
    titles: untouched ? [video.title, ...state.titles.slice(1)] : state.titles,
  };
}
