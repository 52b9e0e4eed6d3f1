import { Alert, Button, Chip, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, skipToken } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { LARGE_DETECTABLE_LIFT } from '#shared/test-shapes';
import { MAX_TEST_DAYS } from '#shared/title-test-rules';
import { trpc } from '../../../api/trpc';
import type { TitleTest } from '../../../api/test-types';
import { formatClockTime, formatRelative } from '../../../lib/expected-time';
import { showError, showSuccess } from '../../../lib/toast';
import { FORECAST_DEBOUNCE_MS } from '../create/use-test-forecast';
import { useRefreshDashboard } from '../dashboard-queries';
import { endFromInput, endProblem, initialEnd, inputBounds, quickChoices } from './extend-form';

interface ExtendTestDialogProps {
  test: TitleTest;
  opened: boolean;
  onClose: () => void;
  /** The product's clock (the simulator's may run ahead of the viewer's). */
  now: Date;
  /** The test has ended and waits for YouTube's final figures: extending puts it back to running. */
  awaitingFinalFigures: boolean;
  /** About how many more days the current reading says would settle it, when it says. */
  suggestedDays: number | null;
}

/** tests.extensionPlan for the chosen end, debounced while the creator types a date. */
function useExtensionForecast(input: { id: string; endDate: string } | null) {
  const [key] = useDebouncedValue(input ? JSON.stringify(input) : null, FORECAST_DEBOUNCE_MS);
  const settled = input !== null && key === JSON.stringify(input);
  const query = trpc.tests.extensionPlan.useQuery(
    key ? (JSON.parse(key) as { id: string; endDate: string }) : skipToken,
    { placeholderData: keepPreviousData, staleTime: 30_000 },
  );
  return { query, settled };
}

/** What the extended test can detect against what it detects now: the plan re-run for the new end. */
function ExtensionForecastSummary({
  preview,
  loading,
  stale,
  error,
}: {
  preview: ReturnType<typeof useExtensionForecast>['query']['data'];
  loading: boolean;
  stale: boolean;
  error: string | null;
}) {
  if (error) {
    return (
      <Text fz="sm" c="dimmed" role="status">
        What the extended test can detect could not be worked out: {error}
      </Text>
    );
  }
  if (!preview) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text fz="sm" c="dimmed">
          Working out what the extended test can detect...
        </Text>
      </Group>
    );
  }
  const { plan } = preview;
  if (!plan) return null;
  const large =
    plan.minimumDetectableLiftPercent !== null &&
    plan.minimumDetectableLiftPercent > LARGE_DETECTABLE_LIFT * 100;
  const busy = stale || loading;
  return (
    <Alert
      role="status"
      aria-busy={busy}
      color={!plan.canDecide ? 'red' : large ? 'yellow' : 'violet'}
      variant="light"
      title={
        !plan.canDecide
          ? 'The extended test still cannot reach a verdict'
          : 'What the extended test can detect'
      }
      style={{ opacity: busy ? 0.6 : 1, transition: 'opacity 150ms' }}
    >
      <Text fz="sm">{plan.summary}</Text>
      {plan.minimumDetectableLiftPercent !== null && preview.currentMinimumDetectableLiftPercent !== null && (
        <Text fz="sm" mt={4}>
          As it stands, it finds about {preview.currentMinimumDetectableLiftPercent}%; extended, about{' '}
          {plan.minimumDetectableLiftPercent}%.
        </Text>
      )}
    </Alert>
  );
}

/**
 * Extend a running test, or one waiting for its final figures (docs/product.md#test-states): a new
 * end by date or "+N days", the plan re-run for it, and a confirm. Nothing changes until the
 * confirm; a refusal (the date, YouTube capacity) is shown before it.
 */
export function ExtendTestDialog({
  test,
  opened,
  onClose,
  now,
  awaitingFinalFigures,
  suggestedDays,
}: ExtendTestDialogProps) {
  const [end, setEnd] = useState(() => initialEnd(test, now, suggestedDays));
  const choicesLabel = useId();
  const refresh = useRefreshDashboard();
  const extend = trpc.tests.extend.useMutation({
    onSuccess: async (result) => {
      showSuccess(
        'Test extended',
        `It now runs until ${formatClockTime(new Date(result.test.endDate))}; the schedule continues from where it was.`,
      );
      onClose();
      await refresh(test.id);
    },
    onError: (error) =>
      showError('The test could not be extended', error.message || 'Failed to extend the test'),
  });
  const localProblem = endProblem(test, end, now);
  const endDate = endFromInput(end);
  const preview = useExtensionForecast(
    opened && localProblem === null ? { id: test.id, endDate: endDate.toISOString() } : null,
  );
  const choices = quickChoices(test, now, suggestedDays);
  const bounds = inputBounds(test, now);
  const currentEnd = new Date(test.endDate);
  const serverProblem =
    preview.settled && !preview.query.isPlaceholderData ? preview.query.data?.problem : null;
  const problem = localProblem ?? serverProblem ?? null;
  const close = () => {
    if (!extend.isPending) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Extend this test"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (problem === null && !extend.isPending)
            extend.mutate({ id: test.id, endDate: endDate.toISOString() });
        }}
      >
        <Stack gap="md">
          <Text fz="sm">
            {awaitingFinalFigures
              ? `It ended ${formatClockTime(currentEnd)} and waits for YouTube’s final figures. Extending puts it back to running: the rotation resumes now, the provisional verdict is dropped, and the verdict comes after the new end.`
              : `It ends ${formatClockTime(currentEnd)} (${formatRelative(currentEnd, now)}). The rotations so far stay as they are; the schedule continues, balanced, to the new end.`}
          </Text>
          <Stack gap={6}>
            <Text id={choicesLabel} fz="sm" fw={500}>
              Add
            </Text>
            <Chip.Group
              value={choices.find((choice) => choice.value === end)?.value ?? null}
              onChange={setEnd}
            >
              <Group gap="xs" role="radiogroup" aria-labelledby={choicesLabel}>
                {choices.map((choice) => (
                  <Chip
                    key={choice.days}
                    type="radio"
                    name={`${choicesLabel}-days`}
                    value={choice.value}
                    disabled={choice.disabled || extend.isPending}
                  >
                    {choice.label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <TextInput
            type="datetime-local"
            label="New end"
            description={`A test can run for at most ${MAX_TEST_DAYS} days from its start: until ${formatClockTime(new Date(bounds.max))} at the latest.`}
            value={end}
            min={bounds.min}
            max={bounds.max}
            onChange={(event) => setEnd(event.currentTarget.value)}
            error={localProblem}
            disabled={extend.isPending}
            required
          />
          {localProblem === null && (
            <ExtensionForecastSummary
              preview={preview.query.data}
              loading={preview.query.isFetching}
              stale={!preview.settled || preview.query.isPlaceholderData}
              error={preview.query.isError ? preview.query.error.message : null}
            />
          )}
          {serverProblem && (
            <Alert color="red" variant="light" role="alert" title="This extension is not possible">
              {serverProblem}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={extend.isPending}>
              Keep the current end
            </Button>
            <Button type="submit" disabled={problem !== null} loading={extend.isPending}>
              Extend to {Number.isFinite(endDate.getTime()) ? formatClockTime(endDate) : '…'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
