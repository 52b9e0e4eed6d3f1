import { asReturnPath, type ReturnPath } from '../auth/return-path';
import { TEST_SEARCH_PARAM } from '#shared/test-link';
import { SUBSCRIBED_SEARCH_PARAM } from '#shared/plans';
import { THUMBNAIL_FEATURES, TITLE_FEATURES, type LearningFeature } from '#shared/learning-features';
import { WINNER_METRICS, type WinnerMetric } from '#shared/test-shapes';

/** Search-param validators: each route owns its URL state (TanStack Router validateSearch). */
function optionalString(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

export interface LoginSearch {
  error?: string;
  description?: string;
  /** The page to open once signed in (default the dashboard). */
  returnTo?: ReturnPath;
  /** Start the demo sign-in at once (DEMO_START_PATH, the landing's "Try the demo"). */
  demo?: true;
}

export function validateLoginSearch(search: Record<string, unknown>): LoginSearch {
  return {
    ...(optionalString(search.demo) === '1' ? { demo: true as const } : {}),
    error: optionalString(search.error),
    description: optionalString(search.description),
    returnTo: asReturnPath(search.returnTo),
  };
}

/** The callback reads only an error: the session arrives as the HttpOnly cookie, never in the URL. */
export interface CallbackSearch {
  error?: string;
}

export function validateCallbackSearch(search: Record<string, unknown>): CallbackSearch {
  return { error: optionalString(search.error) };
}

/** The dashboard opens at one test's card when a notification links to it (src/shared/test-link.ts). */
export interface DashboardSearch {
  test?: string;
  /** Back from a completed checkout: the dashboard confirms the plan. */
  subscribed?: true;
  /** "What works here" suggests a test: the Create dialog opens set up for it. */
  create?: 'titles' | 'thumbnails';
  metric?: WinnerMetric;
  feature?: LearningFeature;
}

const FEATURES: readonly string[] = [...TITLE_FEATURES, ...THUMBNAIL_FEATURES];

export function validateDashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const test = optionalString(search[TEST_SEARCH_PARAM]);
  const subscribed = search[SUBSCRIBED_SEARCH_PARAM] !== undefined;
  const create = optionalString(search.create);
  const metric = optionalString(search.metric);
  const feature = optionalString(search.feature);
  return {
    ...(test === undefined ? {} : { test }),
    ...(subscribed ? { subscribed: true as const } : {}),
    ...(create === 'titles' || create === 'thumbnails' ? { create } : {}),
    ...(metric !== undefined && (WINNER_METRICS as readonly string[]).includes(metric)
      ? { metric: metric as WinnerMetric }
      : {}),
    ...(feature !== undefined && FEATURES.includes(feature) ? { feature: feature as LearningFeature } : {}),
  };
}
