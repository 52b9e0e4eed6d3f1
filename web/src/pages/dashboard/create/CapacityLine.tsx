import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { trpc } from '../../../api/trpc';
import { formatClockTime } from '../../../lib/expected-time';
import type { WinnerMetric } from '../../../../../src/shared/test-shapes';
import type { TestKind } from '../../../../../src/shared/test-kinds';
import { FORECAST_DEBOUNCE_MS } from './use-test-forecast';

const units = (value: number) => value.toLocaleString('en-US');

/**
 * The plan's share of the deployment's daily YouTube capacity, what the account already reserves,
 * and whether this test would start now or wait in line (docs/capacity.md).
 */
export function CapacityLine(shape: {
  rotationIntervalMinutes: number;
  winnerMetric: WinnerMetric;
  durationDays: number | null;
  kind: TestKind;
}) {
  const [input] = useDebouncedValue(
    {
      rotationIntervalMinutes: shape.rotationIntervalMinutes,
      winnerMetric: shape.winnerMetric,
      durationDays: Math.min(60, Math.max(1, shape.durationDays ?? 7)),
      kind: shape.kind,
    },
    FORECAST_DEBOUNCE_MS,
  );
  const capacity = trpc.capacity.forShape.useQuery(input, { placeholderData: keepPreviousData });
  const data = capacity.data;
  if (!data) return null;
  const color = data.decision === 'refuse' ? 'red.8' : data.decision === 'queue' ? 'blue.9' : 'dimmed';
  return (
    <Text fz="sm" c={color} role="status" aria-live="polite">
      Your plan’s share of today’s capacity: {data.share}. Your running tests reserve{' '}
      {units(data.accountReservedUnits)} of your {units(data.accountCapUnits)} units a day; this one needs
      about {units(data.testUnits)}. {data.message}
      {data.expectedStartAt ? ` Expected start: ${formatClockTime(new Date(data.expectedStartAt))}.` : ''}
    </Text>
  );
}
