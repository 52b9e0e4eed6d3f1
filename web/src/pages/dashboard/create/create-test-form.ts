import {
  DEFAULT_ROTATION_MINUTES,
  DEFAULT_TEST_DAYS,
  MAX_TITLE_VARIANTS,
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
