import { Alert, Anchor, Button, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { LearningView } from '#server/learning/learning.schemas';
import { METRIC_WORDS } from '#shared/test-shapes';
import { trpc } from '../../api/trpc';
import type { CurrentUser } from '../../auth/auth-client';
import { DashboardSubpage } from '../../components/DashboardSubpage';
import { useConnectedChannels } from '../../lib/connected-channels';
import { ComparePool, useLearningPool } from './ComparePool';
import { liftScale, MetricFindings } from './Findings';

function NextTestCard({ next }: { next: NonNullable<LearningView['next']> }) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="next-test">
      <Title order={2} fz="lg">
        The test worth running next
      </Title>
      <Text mt={4}>
        {next.label}, judged by {METRIC_WORDS[next.metric]}. {next.reason}
      </Text>
      <Button
        mt="sm"
        renderRoot={(props) => (
          <Link
            to="/dashboard"
            search={{ create: next.kind, metric: next.metric, feature: next.feature }}
            {...props}
          />
        )}
      >
        Set up this test
      </Button>
    </Paper>
  );
}

/** "What works here" (docs/learning.md): the channel's finished tests, pooled honestly. */
export function WhatWorks({ user }: { user: CurrentUser }) {
  const channels = useConnectedChannels();
  const channelId = channels.shown?.id;
  const learning = trpc.learning.channel.useQuery(channelId ? { channelId } : {});
  const data = learning.data;
  const { pool } = useLearningPool();
  // One scale for every bar on the page, the other channels' too, so lifts can be compared by eye.
  const scale = liftScale([data, pool.data?.view]);
  return (
    <DashboardSubpage
      user={user}
      title="What works here"
      summary="What your finished tests show across this channel: each test counted once, tests judged by different metrics kept apart, and nothing named where the tests show nothing."
    >
      {learning.isError && (
        <Alert color="red" variant="light" title="What works here could not be loaded">
          {learning.error.message}
        </Alert>
      )}
      {learning.isPending ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading what works here">
          <Skeleton h={44} radius="md" />
          <Skeleton h={44} radius="md" />
        </Stack>
      ) : (
        data && (
          <>
            {data.metrics.length === 0 ? (
              <Paper withBorder p="xl" radius="md" ta="center">
                <Title order={2} fz="md">
                  No finished tests yet
                </Title>
                <Text c="dimmed" fz="sm" mt={4}>
                  Once {data.minimumTests} finished tests have tried the same kind of change (a number in the
                  title, a brighter thumbnail…), its effect on this channel shows here.
                </Text>
              </Paper>
            ) : (
              <MetricFindings view={data} scale={scale} headingOrder={2} />
            )}
            {data.next && <NextTestCard next={data.next} />}
            <Text fz="xs" c="dimmed">
              Features are fitted together, so one that often came with another is credited only with what it
              adds. Download:{' '}
              <Anchor href={`/api/learning/export?format=csv${channelId ? `&channelId=${channelId}` : ''}`}>
                CSV
              </Anchor>{' '}
              ·{' '}
              <Anchor href={`/api/learning/export?format=json${channelId ? `&channelId=${channelId}` : ''}`}>
                JSON
              </Anchor>
            </Text>
          </>
        )
      )}
      <ComparePool scale={scale} />
    </DashboardSubpage>
  );
}
