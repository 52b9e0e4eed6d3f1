import { Alert, Anchor, Badge, Button, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { LearningView } from '../../../../src/learning/learning.schemas';
import {
  FEATURE_VERDICT_WORDS,
  FEATURE_WORDS,
  type FeatureVerdict,
} from '../../../../src/shared/learning-features';
import { METRIC_WORDS } from '../../../../src/shared/test-shapes';
import { trpc } from '../../api/trpc';
import type { CurrentUser } from '../../auth/auth-client';
import { DashboardSubpage } from '../../components/DashboardSubpage';
import { formatLiftWithInterval } from '../../components/verdict/verdict-format';
import { useConnectedChannels } from '../../lib/connected-channels';
import { IntervalBar } from './IntervalBar';

type Finding = LearningView['metrics'][number]['features'][number];

const VERDICT_COLOURS: Record<FeatureVerdict, string> = {
  helps: 'teal',
  hurts: 'red',
  unclear: 'gray',
  tangled: 'gray',
  'too-few': 'gray',
};

function FindingsTable({ metric, findings, scale }: { metric: string; findings: Finding[]; scale: number }) {
  return (
    <Paper withBorder radius="md" p={0}>
      <Table verticalSpacing="sm" horizontalSpacing="md">
        <Table.Caption>
          Judged by {metric}: the lift of having each feature, pooled over the tests that varied it, with its
          95% interval. A feature is named only when the whole interval is on one side of zero.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            <Table.Th scope="col">Lift (95% interval) and what it shows</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {findings.map((item) => (
            <Table.Tr key={item.feature} data-testid={`finding-${item.feature}`}>
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'break-word', width: '42%' }}>
                {item.label}
                <Text fz="xs" c="dimmed" fw={400}>
                  {item.tests} {item.tests === 1 ? 'test' : 'tests'}
                </Text>
              </Table.Th>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  {item.lift === null || item.liftLow === null || item.liftHigh === null ? (
                    <Text fz="sm" c="dimmed">
                      {item.testsNeeded} more {item.testsNeeded === 1 ? 'test' : 'tests'} needed
                    </Text>
                  ) : (
                    <>
                      <Text fz="sm" fw={600}>
                        {formatLiftWithInterval(100 * item.lift, 100 * item.liftLow, 100 * item.liftHigh)}
                      </Text>
                      <IntervalBar
                        low={item.liftLow}
                        high={item.liftHigh}
                        estimate={item.lift}
                        scale={scale}
                      />
                    </>
                  )}
                  <Badge variant="light" color={VERDICT_COLOURS[item.verdict]} radius="sm">
                    {FEATURE_VERDICT_WORDS[item.verdict]}
                  </Badge>
                  {item.tangledWith.length > 0 && (
                    <Text fz="xs" c="dimmed">
                      Every test that tried it also changed:{' '}
                      {item.tangledWith.map((other) => FEATURE_WORDS[other].toLowerCase()).join('; ')}. A test
                      changing only this would tell them apart.
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

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
  // One scale for every bar on the page, so lifts can be compared by eye.
  const scale = Math.max(
    0.1,
    ...(data?.metrics ?? []).flatMap((group) =>
      group.features.flatMap((item) => [Math.abs(item.liftLow ?? 0), Math.abs(item.liftHigh ?? 0)]),
    ),
  );
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
              data.metrics.map((group) => (
                <section key={group.metric} aria-labelledby={`metric-${group.metric}`}>
                  <Title order={2} fz="lg" id={`metric-${group.metric}`} mb="sm">
                    Judged by {METRIC_WORDS[group.metric]} ({group.tests}{' '}
                    {group.tests === 1 ? 'test' : 'tests'})
                  </Title>
                  <FindingsTable
                    metric={METRIC_WORDS[group.metric]}
                    findings={group.features}
                    scale={scale}
                  />
                </section>
              ))
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
    </DashboardSubpage>
  );
}
