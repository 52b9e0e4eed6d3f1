import { Alert, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import {
  LEARNING_POOL_MESSAGES,
  LEARNING_POOL_SHARING_WORDS,
  MIN_POOL_CHANNELS,
} from '#shared/learning-pool';
import { trpc } from '../../api/trpc';
import { showError } from '../../lib/toast';
import { MetricFindings } from './Findings';

/**
 * The account's choice to compare with other channels, and the pool once it chose to (read here
 * and by the page, for one scale of bars: React Query asks the server once).
 */
export function useLearningPool() {
  const sharing = trpc.learning.sharing.useQuery();
  const pool = trpc.learning.pool.useQuery(undefined, { enabled: sharing.data?.optedIn === true });
  return { sharing, pool };
}

function PoolFindings({ scale }: { scale: number }) {
  const { pool } = useLearningPool();
  if (pool.isError)
    return (
      <Alert color="red" variant="light" title="The other channels could not be loaded">
        {pool.error.message}
      </Alert>
    );
  if (pool.isPending)
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading the other channels">
        <Skeleton h={44} radius="md" />
        <Skeleton h={44} radius="md" />
      </Stack>
    );
  const { channels, minimumChannels, view } = pool.data;
  if (view === null)
    return (
      <Paper withBorder p="xl" radius="md" ta="center" data-testid="pool-too-few">
        <Title order={3} fz="md">
          Not enough channels yet
        </Title>
        <Text c="dimmed" fz="sm" mt={4}>
          {channels} of the {minimumChannels} channels needed have finished tests in the pool so far. Nothing
          of it is shown until then, so no channel’s figures can be read from it.
        </Text>
      </Paper>
    );
  if (view.metrics.length === 0)
    return (
      <Paper withBorder p="xl" radius="md" ta="center">
        <Title order={3} fz="md">
          Nothing to compare yet
        </Title>
        <Text c="dimmed" fz="sm" mt={4}>
          The pool’s finished tests have not yet tried a kind of change this page measures.
        </Text>
      </Paper>
    );
  return (
    <Stack gap="lg" data-testid="pool-findings">
      <Text fz="sm">
        {view.finishedTests} finished {view.finishedTests === 1 ? 'test' : 'tests'} from {channels} channels,
        yours among them, pooled the same way as your own: each test counted once, and “here” means across
        these channels.
      </Text>
      <MetricFindings view={view} scale={scale} headingOrder={3} idPrefix="pool-" />
    </Stack>
  );
}

/** "Compare with other channels" (docs/decisions/0047): the opt-in switch and, once on, the pool. */
export function ComparePool({ scale }: { scale: number }) {
  const utils = trpc.useUtils();
  const { sharing } = useLearningPool();
  const save = trpc.learning.setSharing.useMutation({
    onSuccess: (saved) => {
      utils.learning.sharing.setData(undefined, saved);
      void utils.learning.pool.invalidate();
    },
    onError: (error) => showError('Your choice was not saved', error.message),
  });
  const data = sharing.data;
  return (
    <Stack component="section" aria-labelledby="compare-pool" gap="md">
      <Title order={2} fz="lg" id="compare-pool">
        Compare with other channels
      </Title>
      <Paper withBorder radius="md" p="md">
        {sharing.isError ? (
          <Text c="red.8" fz="sm" role="alert">
            Your choice could not be loaded: {sharing.error.message}
          </Text>
        ) : !data ? (
          <Skeleton h={48} role="status" aria-busy="true" aria-label="Loading your choice" />
        ) : (
          <Stack gap="xs">
            <Switch
              label="Compare with other channels"
              description={LEARNING_POOL_SHARING_WORDS}
              checked={data.optedIn}
              disabled={!data.canChange || save.isPending}
              onChange={(event) => save.mutate({ optedIn: event.currentTarget.checked })}
            />
            <Text fz="xs" c="dimmed">
              The pool is shown once at least {MIN_POOL_CHANNELS} channels, of as many creators, have finished
              tests in it.
              {!data.canChange && ` ${LEARNING_POOL_MESSAGES.ownerOnly}`}
            </Text>
          </Stack>
        )}
      </Paper>
      {data?.optedIn && <PoolFindings scale={scale} />}
    </Stack>
  );
}
