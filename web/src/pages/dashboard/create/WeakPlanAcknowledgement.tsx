import { Checkbox, Paper, Text } from '@mantine/core';
import { weakForecastMessage, type WinnerMetric } from '#shared/test-shapes';

interface WeakPlanAcknowledgementProps {
  /** The plan's detectable lift (percent), or null when only the server's refusal says the plan is weak. */
  minimumDetectableLiftPercent: number | null;
  winnerMetric: WinnerMetric;
  viewsPerDay: number | null;
  /** The server's refusal, when creation was refused for a weak plan the preview did not show. */
  refusal: string | null;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/**
 * Issue 24, item 2: a plan that, on this video's traffic, would only notice a title that doubles
 * the metric very likely ends Inconclusive. The server refuses such a test unless the creator
 * ticks this box (the create input's acknowledgeWeakPlan).
 */
export function WeakPlanAcknowledgement({
  minimumDetectableLiftPercent,
  winnerMetric,
  viewsPerDay,
  refusal,
  checked,
  onChange,
}: WeakPlanAcknowledgementProps) {
  const message =
    minimumDetectableLiftPercent !== null
      ? weakForecastMessage({ minimumDetectableLiftPercent, winnerMetric, viewsPerDay })
      : refusal;
  return (
    <Paper withBorder radius="md" p="sm" style={{ borderColor: 'var(--mantine-color-orange-6)' }}>
      {message && <Text fz="sm">{message}</Text>}
      <Checkbox
        mt="xs"
        color="orange.9"
        label="Start anyway: I understand this test will likely end Inconclusive"
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.checked)}
      />
    </Paper>
  );
}
