import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { trpc } from '../../../api/trpc';
import type { PlanInput } from './create-test-form';

/** Wait after the last edit before asking the server, so typing a title does not fire a request per key. */
export const FORECAST_DEBOUNCE_MS = 400;

/** tests.plan for the form's current shape, debounced; idle while `input` is null. */
export function useTestForecast(input: PlanInput | null) {
  // Debounce a string key: the input object is new on every render.
  const [key] = useDebouncedValue(input ? JSON.stringify(input) : null, FORECAST_DEBOUNCE_MS);
  const settled = input !== null && key === JSON.stringify(input);
  const query = trpc.tests.plan.useQuery(key ? (JSON.parse(key) as PlanInput) : skipToken, {
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
  return { query, settled };
}
