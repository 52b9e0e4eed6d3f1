import { Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { trpc } from '../../../api/trpc';
import { formatClockTime } from '../../../lib/expected-time';
import type { WinnerMetric } from '#shared/test-shapes';
import type { TestKind } from '#shared/test-kinds';
import { FORECAST_DEBOUNCE_MS } from './use-test-forecast';
import { PaywallLinkText } from '../../../components/PaywallLinkText';
import type { CapacityForShape, CapacityForShapeInput } from '#server/capacity/capacity.schemas';

const units = (value: number) => value.toLocaleString('en-US');

/** What a test of this shape would meet on the deployment's capacity (GET /api/capacity), debounced as the form changes. */
export function useShapeCapacity(
  shape: {
    rotationIntervalMinutes: number;
    winnerMetric: WinnerMetric;
    durationDays: number | null;
    kind: TestKind;
    calibrationHours: number;
  },
  enabled: boolean,
) {
  // Debounced as text: an object made afresh on each render would never settle.
  const [key] = useDebouncedValue(
    JSON.stringify({
      rotationIntervalMinutes: shape.rotationIntervalMinutes,
      winnerMetric: shape.winnerMetric,
      durationDays: Math.min(60, Math.max(1, shape.durationDays ?? 7)),
      kind: shape.kind,
      calibrationHours: shape.calibrationHours,
    }),
    FORECAST_DEBOUNCE_MS,
  );
  const input = useMemo(() => JSON.parse(key) as CapacityForShapeInput, [key]);
  // Capacity moves with every test started or ended, anyone's: read afresh each time the dialog opens.
  const utils = trpc.useUtils();
  useEffect(() => {
    if (enabled) void utils.capacity.forShape.invalidate();
    // Once per opening: `utils` may be a new object on each render, so it is left out.
  }, [enabled]);
  return trpc.capacity.forShape.useQuery(input, { placeholderData: keepPreviousData, enabled });
}

/** Whether the account already runs as many tests as its plan allows (creating would be refused). */
export const atTestLimit = (data: CapacityForShape | undefined): boolean =>
  data?.testLimit != null && data.testLimit.running >= data.testLimit.limit;

/**
 * The plan's share of the deployment's daily YouTube capacity, what the account already reserves,
 * and whether this test would start now or wait in line (docs/capacity.md).
 */
export function CapacityLine({ data }: { data: CapacityForShape | undefined }) {
  if (!data) return null;
  const color = data.decision === 'refuse' ? 'red.8' : data.decision === 'queue' ? 'blue.9' : 'dimmed';
  return (
    <Text fz="sm" c={color} role="status" aria-live="polite">
      Your plan’s share of today’s capacity: {data.share}. Your running tests reserve{' '}
      {units(data.accountReservedUnits)} of the {units(data.accountCapUnits)} YouTube quota units a day your
      account may hold; this one needs about {units(data.testUnits)}.{' '}
      <PaywallLinkText message={data.message} />
      {data.expectedStartAt ? ` Expected start: ${formatClockTime(new Date(data.expectedStartAt))}.` : ''}
    </Text>
  );
}
