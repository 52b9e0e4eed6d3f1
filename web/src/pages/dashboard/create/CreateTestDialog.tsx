import { Button, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { trpc } from '../../../api/trpc';
import { showError, showSuccess } from '../../../components/toast';
import { ROTATION_INTERVAL_OPTIONS, WINNER_METRICS } from '../../../lib/constants';
import { formatIntervalHours } from '../../../lib/format';
import { useRefreshDashboard } from '../dashboard-queries';
import {
  initialFormState,
  planInput,
  planProblem,
  toCreateInput,
  validationProblem,
  withPickedVideo,
  type CreateTestFormState,
} from './create-test-form';
import { PlanSummary } from './PlanSummary';
import { TitleInputs } from './TitleInputs';
import { useRecentVideos } from './use-recent-videos';
import { useTestPlan } from './use-test-plan';
import { VideoPicker } from './VideoPicker';

const intervalOptions = ROTATION_INTERVAL_OPTIONS.map((minutes) => ({
  value: String(minutes),
  label: formatIntervalHours(minutes),
}));
const metricOptions = WINNER_METRICS.map((metric) => ({ value: metric.value, label: metric.label }));

interface CreateTestDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** SPEC §2/§5 Create Test dialog. Closes and resets after a successful create. */
export function CreateTestDialog({ opened, onClose }: CreateTestDialogProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [form, setForm] = useState<CreateTestFormState>(() => initialFormState());
  const videos = useRecentVideos(opened);
  const refresh = useRefreshDashboard();
  const create = trpc.tests.create.useMutation({
    onSuccess: async () => {
      showSuccess('Test created successfully');
      setForm(initialFormState());
      onClose();
      await refresh();
    },
    onError: (error) => showError('Failed to create test', error.message || 'Failed to create test'),
  });

  const update = (patch: Partial<CreateTestFormState>) => setForm((current) => ({ ...current, ...patch }));
  const problem = validationProblem(form);
  const plan = useTestPlan(opened ? planInput(form) : null);
  const close = () => {
    if (create.isPending) return;
    onClose();
  };

  const submit = () => {
    if (problem) {
      showError(problem);
      return;
    }
    create.mutate(toCreateInput(form));
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create Title Test"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      size="xl"
      fullScreen={phone}
      closeButtonProps={{ 'aria-label': 'Close' }}
      radius="lg"
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="lg">
          <Stack gap="xs">
            <Title order={3} fz="sm">
              1. Choose a video
            </Title>
            <VideoPicker
              videos={videos.data}
              loading={videos.isPending && opened}
              error={videos.isError ? videos.error.message : null}
              selectedId={form.videoId}
              onSelect={(video) => setForm((current) => withPickedVideo(current, video))}
            />
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="sm">
              2. Enter 2 to 5 titles
            </Title>
            <TitleInputs
              titles={form.titles}
              onChange={(index, value) =>
                update({ titles: form.titles.map((title, position) => (position === index ? value : title)) })
              }
            />
          </Stack>
          <Stack gap="xs">
            <Title order={3} fz="sm">
              3. Schedule
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Rotation Interval"
                data={intervalOptions}
                value={String(form.rotationIntervalMinutes)}
                onChange={(value) => value && update({ rotationIntervalMinutes: Number(value) })}
                allowDeselect={false}
                description="How long each title stays on the video"
              />
              <Select
                label="Winner Determination"
                data={metricOptions}
                value={form.winnerMetric}
                onChange={(value) => value && update({ winnerMetric: value })}
                allowDeselect={false}
                description="Which metric decides the winner"
              />
              <TextInput
                type="datetime-local"
                label="Start"
                value={form.start}
                onChange={(event) => update({ start: event.currentTarget.value })}
              />
              <TextInput
                type="datetime-local"
                label="End"
                value={form.end}
                onChange={(event) => update({ end: event.currentTarget.value })}
              />
            </SimpleGrid>
            <PlanSummary
              problem={planProblem(form)}
              plan={plan.query.data}
              loading={plan.query.isFetching}
              stale={!plan.settled || plan.query.isPlaceholderData}
              error={plan.query.isError ? plan.query.error.message : null}
            />
          </Stack>
          {problem && (
            <Text fz="sm" c="dimmed" role="status">
              {problem}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={problem !== null || create.isPending}>
              {create.isPending ? 'Creating...' : 'Create Test'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
