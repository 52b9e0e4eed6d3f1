import { Alert, Group, Loader, Text } from '@mantine/core';
import { LARGE_DETECTABLE_LIFT_PERCENT } from '../../../lib/constants';
import type { TestPlan } from '../types';

interface PlanSummaryProps {
  /** Why no plan can be asked for yet (too few titles, dates), or null. */
  problem: string | null;
  plan: TestPlan | undefined;
  loading: boolean;
  /** True while the shown plan is for an earlier version of the form. */
  stale: boolean;
  error: string | null;
}

function warningFor(plan: TestPlan): { title: string; advice: string } | null {
  if (plan.minimumDetectableLiftPercent === null) {
    return {
      title: 'Too short to compare the titles',
      advice: 'Make the test longer or the rotation interval shorter so every title gets full windows.',
    };
  }
  if (plan.minimumDetectableLiftPercent > LARGE_DETECTABLE_LIFT_PERCENT) {
    return {
      title: 'Only large differences can be detected',
      advice: 'A longer test or fewer titles would detect smaller differences.',
    };
  }
  return null;
}

/** Before the test starts: the smallest difference it can reliably detect (tests.plan), with a warning when that is large. */
export function PlanSummary({ problem, plan, loading, stale, error }: PlanSummaryProps) {
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
  const warning = warningFor(plan);
  return (
    <Alert
      role="status"
      color={warning ? 'yellow' : 'violet'}
      variant="light"
      title={warning ? warning.title : 'What this test can detect'}
      style={{ opacity: stale || loading ? 0.6 : 1, transition: 'opacity 150ms' }}
      aria-busy={stale || loading}
    >
      <Text fz="sm">{plan.summary}</Text>
      {warning && (
        <Text fz="sm" mt={4}>
          {warning.advice}
        </Text>
      )}
    </Alert>
  );
}
