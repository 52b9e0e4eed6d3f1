import { Alert, Box, Button, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { GRANT_MAX_AGE_DAYS } from '#shared/data-retention';
import { TEAM_ROLE_LABELS } from '#shared/team';
import type { CurrentUser } from '../../auth/auth-client';
import { workspaceOf } from '../../auth/workspace';
import { useConnectedChannels } from '../../lib/connected-channels';
import { DashboardHeader } from '../../components/dashboard-header/DashboardHeader';
import { PlusIcon } from '../../components/icons';
import { AccuracyBanner } from './AccuracyBanner';
import { CreateTestDialog } from './create/CreateTestDialog';
import { useDashboardStats, useTests } from './dashboard-queries';
import { StatCards } from './StatCards';
import { SubscribedNotice } from './SubscribedNotice';
import { TestCard as TestListItem } from './card/TestCard';
import { NoActiveTests, TestList } from './TestList';
import { useAccuracyStatus } from './use-accuracy-status';

/** /dashboard for a signed-in user (docs/product.md#dashboard). */
export function Dashboard({ user }: { user: CurrentUser }) {
  // "What works here" links here with the test it suggests: the dialog opens set up for it.
  const {
    create: suggestedKind,
    metric: suggestedMetric,
    feature: suggestedFeature,
  } = useSearch({
    strict: false,
  });
  const suggestion =
    suggestedKind && suggestedMetric && suggestedFeature
      ? { kind: suggestedKind, winnerMetric: suggestedMetric, feature: suggestedFeature }
      : undefined;
  const [createOpened, createDialog] = useDisclosure(suggestion !== undefined);
  const navigate = useNavigate();
  const closeCreate = () => {
    createDialog.close();
    // The suggestion is used once: a reload does not open the dialog again.
    if (suggestion) void navigate({ to: '/dashboard', search: {}, replace: true });
  };
  const { team, canEdit } = workspaceOf(user);
  const stats = useDashboardStats();
  const tests = useTests();
  const accuracy = useAccuracyStatus();
  const channels = useConnectedChannels();
  // The heading names what the header's switcher filters on: one channel, or all of them.
  const channelLine = channels.several
    ? channels.shown
      ? `Channel: ${channels.shown.title}`
      : 'All channels'
    : user.youtubeChannelTitle
      ? `Channel: ${user.youtubeChannelTitle}`
      : 'No YouTube channel connected';
  const all = tests.data ?? [];
  const active = all.filter((test) => test.status === 'active');
  // Active Tests lists only active tests; paused, scheduled and queued ones get their own list
  // so Resume and Cancel stay reachable, and finished ones keep their results visible.
  const waiting = all.filter(
    (test) => test.status === 'paused' || test.status === 'scheduled' || test.status === 'queued',
  );
  const finished = all.filter((test) => test.status === 'completed' || test.status === 'cancelled');
  const waitingFirst = active.length === 0 && waiting.length > 0;
  const waitingList = waiting.length > 0 && (
    <TestList title="Paused, scheduled and waiting" tests={waiting} isFounder={user.isFounder} />
  );

  return (
    <Box mih="100vh" bg="gray.0">
      <DashboardHeader user={user} />
      <Container size="lg" py={{ base: 'md', md: 'xl' }} component="main">
        <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
          <div>
            <Title order={1} fz={{ base: 24, md: 30 }}>
              Dashboard
            </Title>
            <Text c="dimmed">
              {team ? `${team.ownerName}’s team · ${TEAM_ROLE_LABELS[team.role]}` : channelLine}
            </Text>
          </div>
          <Group gap="sm">
            <Button variant="default" renderRoot={(props) => <Link to="/past-tests" {...props} />}>
              Past tests
            </Button>
            <Button variant="default" renderRoot={(props) => <Link to="/what-works" {...props} />}>
              What works here
            </Button>
            {canEdit && (
              <Button leftSection={<PlusIcon width={16} height={16} />} onClick={createDialog.open}>
                Create Test
              </Button>
            )}
          </Group>
        </Group>
        <SubscribedNotice user={user} />
        {user.isDemo && (
          <Alert color="violet" variant="light" mb="lg" title="You are exploring the demo">
            This is a simulated YouTube channel: titles change only in Titlewise’s simulator, and the figures
            come from its traffic model.
          </Alert>
        )}
        {!team && user.channelStatus === 'disconnected' && (
          <Alert color="red" variant="light" mb="lg" title="YouTube channel disconnected">
            Google no longer accepts Titlewise’s access to your channel, so your tests are paused. Log out and
            connect with Google again to resume them. Without a new sign-in within {GRANT_MAX_AGE_DAYS} days
            of the last access Google accepted, the channel’s tests and figures are deleted.
          </Alert>
        )}
        <AccuracyBanner status={accuracy.data} />
        <StatCards stats={stats.data} />
        {(stats.isError || tests.isError) && (
          <Alert color="red" variant="light" mb="lg" title="Some dashboard data could not be loaded">
            {(tests.error ?? stats.error)?.message}
          </Alert>
        )}
        <Stack gap="xl">
          {/* A test just created that waits for capacity comes first, not below an empty state. */}
          {waitingFirst && waitingList}
          <Stack gap="sm" component="section" aria-labelledby="active-tests-heading">
            <Group justify="space-between">
              <Title order={2} fz="lg" id="active-tests-heading">
                Active Tests
              </Title>
              {active.length > 0 && canEdit && (
                <Button
                  variant="light"
                  size="xs"
                  leftSection={<PlusIcon width={14} height={14} />}
                  onClick={createDialog.open}
                >
                  Create Test
                </Button>
              )}
            </Group>
            {tests.isPending ? (
              <Skeleton h={88} radius="lg" />
            ) : waitingFirst ? (
              <Text c="dimmed" data-testid="none-rotating">
                No test is rotating right now: {waiting.length === 1 ? 'yours is' : 'yours are'} listed above.
              </Text>
            ) : active.length === 0 ? (
              <NoActiveTests onCreate={canEdit ? createDialog.open : undefined} />
            ) : (
              active.map((test) => <TestListItem key={test.id} test={test} isFounder={user.isFounder} />)
            )}
          </Stack>
          {!waitingFirst && waitingList}
          {finished.length > 0 && (
            <TestList title="Finished tests" tests={finished} isFounder={user.isFounder} />
          )}
        </Stack>
      </Container>
      {canEdit && <CreateTestDialog opened={createOpened} onClose={closeCreate} suggestion={suggestion} />}
    </Box>
  );
}
