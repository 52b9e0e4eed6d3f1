import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { isWeakForecast, LARGE_DETECTABLE_LIFT } from '#shared/test-shapes';
import { formatDays, formatInterval } from '../../../lib/format';
import type { TestForecast } from '../../../api/test-types';
import { verdictOutlook } from './forecast-outlook';

type ForecastShape = NonNullable<TestForecast['suggestion']>;
export type ShapeChoice = Pick<ForecastShape, 'rotationIntervalMinutes' | 'durationDays'>;

interface ForecastSummaryProps {
  /** Why no plan can be asked for yet (too few titles, dates), or null. */
  problem: string | null;
  plan: TestForecast | undefined;
  loading: boolean;
  /** True while the shown plan is for an earlier version of the form. */
  stale: boolean;
  error: string | null;
  /** The form's shape now, to word a suggestion as a change from it. */
  current: { titleCount: number; rotationIntervalMinutes: number; durationDays: number | null };
  /** Applies a suggested interval and length (the creator picks which titles to drop themselves). */
  onUseShape: (shape: ShapeChoice) => void;
}

function headingFor(plan: TestForecast): { title: string; color: string } {
  if (!plan.canDecide) return { title: 'This test cannot reach a verdict', color: 'red' };
  if (isWeakForecast(plan.minimumDetectableLiftPercent))
    return { title: 'Only very large differences can be detected', color: 'orange' };
  if (
    plan.minimumDetectableLiftPercent !== null &&
    plan.minimumDetectableLiftPercent > LARGE_DETECTABLE_LIFT * 100
  )
    return { title: 'Only large differences can be detected', color: 'yellow' };
  return { title: 'What this test can detect', color: 'violet' };
}

const sameDays = (a: number, b: number | null) => b !== null && Math.abs(a - b) < 0.01;

/** "21 days, every 24 hours" (the parts that differ from the form), or null when neither does. */
function shapeChange(shape: ForecastShape, current: ForecastSummaryProps['current']): string | null {
  const parts = [
    sameDays(shape.durationDays, current.durationDays) ? null : formatDays(shape.durationDays),
    shape.rotationIntervalMinutes === current.rotationIntervalMinutes
      ? null
      : formatInterval(shape.rotationIntervalMinutes),
  ].filter((part) => part !== null);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** "about 2 days": the wait for YouTube's last daily figures after the end. */
function formatDelay(hours: number): string {
  const days = Math.max(1, Math.round(hours / 24));
  return days === 1 ? 'about a day' : `about ${days} days`;
}

/**
 * The plan's suggested shape and what it would detect, as an action: one click applies its length
 * and interval; fewer titles stay the creator's call, so that part is only said.
 */
function Suggestion({
  shape,
  current,
  disabled,
  onUseShape,
}: {
  shape: ForecastShape;
  current: ForecastSummaryProps['current'];
  disabled: boolean;
  onUseShape: ForecastSummaryProps['onUseShape'];
}) {
  const change = shapeChange(shape, current);
  const fewerTitles = shape.titleCount < current.titleCount;
  if (!change && !fewerTitles) return null;
  return (
    <Stack gap={6} mt="xs" align="flex-start">
      <Text fz="sm">
        With {change ?? `${shape.titleCount} titles`}, the test would find a difference of about{' '}
        {shape.minimumDetectableLiftPercent}%.
      </Text>
      {fewerTitles && (
        <Text fz="sm">
          The suggestion tests {shape.titleCount} titles instead of your {current.titleCount}: remove{' '}
          {current.titleCount - shape.titleCount} yourself to follow it.
        </Text>
      )}
      {change && (
        <Button
          size="xs"
          variant="white"
          color="dark"
          disabled={disabled}
          onClick={() =>
            onUseShape({
              rotationIntervalMinutes: shape.rotationIntervalMinutes,
              durationDays: shape.durationDays,
            })
          }
        >
          Use {change}
        </Button>
      )}
    </Stack>
  );
}

/**
 * Before the test starts (tests.plan): whether it can reach a verdict, the smallest difference it
 * can detect, how soon and at what YouTube quota its verdict likely comes, a nearer shape when it
 * cannot (or only large ones), and when a daily metric's verdict comes.
 */
export function ForecastSummary({
  problem,
  plan,
  loading,
  stale,
  error,
  current,
  onUseShape,
}: ForecastSummaryProps) {
  if (problem) {
    return (
      <Text fz="sm" c="dimmed">
        {problem}
      </Text>
    );
  }
  if (error) {
    return (
      <Text fz="sm" c="dimmed" role="status">
        The detectable difference could not be worked out: {error}
      </Text>
    );
  }
  if (!plan) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text fz="sm" c="dimmed">
          Working out what this test can detect...
        </Text>
      </Group>
    );
  }
  const heading = headingFor(plan);
  const busy = stale || loading;
  // The reading of the video before the first switch, when the plan had to assume its noise, is
  // already said in the summary: this line adds only the time and quota to a verdict.
  const outlook = verdictOutlook(plan);
  return (
    <Alert
      role="status"
      color={heading.color}
      variant="light"
      title={heading.title}
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
      aria-busy={busy}
    >
      <Text fz="sm">{plan.summary}</Text>
      {outlook && (
        <Text fz="sm" mt={4} fw={500}>
          {outlook}
        </Text>
      )}
      {plan.canDecide && plan.unit === 'day' && plan.verdictDelayHours > 0 && (
        <Text fz="sm" mt={4}>
          The verdict comes {formatDelay(plan.verdictDelayHours)} after the end, when YouTube’s daily figures
          for the last days arrive; the original title is live meanwhile.
        </Text>
      )}
      {plan.suggestion && (
        <Suggestion shape={plan.suggestion} current={current} disabled={busy} onUseShape={onUseShape} />
      )}
    </Alert>
  );
}
