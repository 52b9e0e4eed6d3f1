import { storedForecastSchema, type StoredForecast } from './title-tests.schemas';

/** The plan kept with a test (title_tests.forecast), or null for a test from before plans were kept. */
export function storedForecastOf(value: unknown): StoredForecast | null {
  const parsed = storedForecastSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
