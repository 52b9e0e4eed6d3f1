// The shape to suggest beside a plan that cannot decide, or detects only large lifts: the shortest
// longer run (else fewer titles) that decides, or the shortest run that detects about 10%.

import { LARGE_DETECTABLE_LIFT } from '../shared/test-shapes';
import { forecastShape, type ShapeForecast } from './forecast';
import type { ForecastNoise, ForecastShape } from './forecast-inputs';

/** What a suggested longer test aims for. */
const TARGET_LIFT = 0.1;
const MAX_SUGGESTED_DAYS = 60;

export interface Suggestion {
  shape: ForecastShape;
  plan: ShapeForecast;
}

/**
 * The nearest shape that decides, for a shape that cannot (the shortest longer run, else fewer
 * titles); or, for a shape that detects only large lifts, the shortest run that detects about 10%.
 * Null when nothing within 60 days does.
 */
export function suggestShape(
  shape: ForecastShape,
  current: ShapeForecast,
  noise: ForecastNoise,
): Suggestion | null {
  const withDays = (durationDays: number): ForecastShape => ({ ...shape, durationDays });
  const firstDays = (test: (days: number) => boolean): number | null => {
    for (let days = Math.floor(shape.durationDays) + 1; days <= MAX_SUGGESTED_DAYS; days++)
      if (test(days)) return days;
    return null;
  };
  if (current.minimumDetectableLift === null) {
    const days = firstDays((d) => forecastShape(withDays(d), noise).minimumDetectableLift !== null);
    if (days !== null) return { shape: withDays(days), plan: forecastShape(withDays(days), noise) };
    for (let titleCount = shape.titleCount - 1; titleCount >= 2; titleCount--) {
      const fewer = { ...shape, titleCount };
      const plan = forecastShape(fewer, noise);
      if (plan.minimumDetectableLift !== null) return { shape: fewer, plan };
    }
    return null;
  }
  if (current.minimumDetectableLift <= LARGE_DETECTABLE_LIFT) return null;
  // The detectable lift shrinks as the run grows: bisect on whole days.
  let low = Math.floor(shape.durationDays);
  let high = MAX_SUGGESTED_DAYS;
  const longest = forecastShape(withDays(high), noise);
  if (longest.minimumDetectableLift === null || longest.minimumDetectableLift > TARGET_LIFT) return null;
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    const lift = forecastShape(withDays(mid), noise).minimumDetectableLift;
    if (lift !== null && lift <= TARGET_LIFT) high = mid;
    else low = mid;
  }
  return { shape: withDays(high), plan: forecastShape(withDays(high), noise) };
}
