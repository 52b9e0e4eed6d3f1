import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { extendStateProblem } from '#shared/test-extension';
import { trpc } from '../../../api/trpc';
import { useCurrentUser } from '../../../auth/current-user';
import { showRequestError } from '../../../lib/request-error-toast';
import { showSuccess } from '../../../lib/toast';
import { useRefreshDashboard } from '../dashboard-queries';
import type { TitleTest } from '../../../api/test-types';
import { actionSuccessMessage, cancelMessage, type TestActionName } from './action-messages';
import { ExtendTestDialog } from './ExtendTestDialog';

interface TestActionsProps {
  test: TitleTest;
  isFounder: boolean;
  /** The product's clock, for the Extend dialog's dates. */
  now: Date;
  /** The test has ended and waits for YouTube's final figures (it may still be extended). */
  awaitingFinalFigures: boolean;
  /** About how many more days the reading says would settle it, when it says (the Extend dialog suggests them). */
  suggestedDays: number | null;
  /**
   * Cancel's confirmation, held by the card: its notice for a test that will very likely end
   * Inconclusive opens the same confirmation.
   */
  cancelConfirm: { opened: boolean; open: () => void; close: () => void };
}

/** The founder tools' names; a demo visitor gets them as the demo's own controls. */
const FOUNDER_TOOL_NAMES = {
  group: 'Founder tools',
  readFigures: 'Force Analytics',
  nextVariant: 'Simulate Rotation',
};
const DEMO_TOOL_NAMES = {
  group: 'Demo controls',
  readFigures: 'Read figures now',
  nextVariant: 'Next variant now',
};

/**
 * The card's actions: Pause / Resume / Complete / Extend / Cancel Test; founder tools: Force
 * Analytics, Simulate Rotation, and in the simulator +1 day / To the end (moving the simulated clock).
 */
export function TestActions({
  test,
  isFounder,
  now,
  awaitingFinalFigures,
  suggestedDays,
  cancelConfirm,
}: TestActionsProps) {
  const refresh = useRefreshDashboard();

  const action = trpc.tests.action.useMutation({
    onSuccess: async (_result, variables) => {
      showSuccess(actionSuccessMessage(variables.action));
      await refresh(test.id);
    },
    // Unreachable server: the one network message with Retry, and the buttons usable again.
    onError: (error, variables) =>
      showRequestError('Action failed', error, () => action.mutate(variables), 'Failed to perform action'),
  });
  const forceAnalytics = trpc.tests.forceAnalytics.useMutation({
    onSuccess: async (result) => {
      showSuccess('Analytics collected', result.message);
      await refresh(test.id);
    },
    onError: (error, variables) =>
      showRequestError('Failed to force analytics collection', error, () => forceAnalytics.mutate(variables)),
  });
  const simulateRotation = trpc.tests.simulateRotation.useMutation({
    onSuccess: async (result) => {
      showSuccess('Rotation simulated', result.message);
      await refresh(test.id);
    },
    onError: (error, variables) =>
      showRequestError('Failed to simulate rotation', error, () => simulateRotation.mutate(variables)),
  });

  const fastForward = trpc.tests.fastForward.useMutation({
    onSuccess: async (result) => {
      showSuccess('Simulated time moved', result.message);
      await refresh(test.id);
    },
    onError: (error, variables) =>
      showRequestError('Failed to move the simulated clock', error, () => fastForward.mutate(variables)),
  });

  // Only the simulator's clock can be moved, and only demo accounts exist there.
  const { data: user } = useCurrentUser();
  const canMoveTime = user?.isDemo === true;
  const isDemo = canMoveTime;
  const tools = isDemo ? DEMO_TOOL_NAMES : FOUNDER_TOOL_NAMES;

  const run = (name: TestActionName, onSettled?: () => void) =>
    action.mutate({ id: test.id, action: name }, { onSettled });
  const [extendOpened, extendDialog] = useDisclosure(false);
  const canExtend = extendStateProblem({ status: test.status, awaitingFinalFigures }) === null;
  const pendingAction = action.isPending ? action.variables?.action : undefined;
  const busy =
    action.isPending || forceAnalytics.isPending || simulateRotation.isPending || fastForward.isPending;
  const fastForwarding = fastForward.isPending ? fastForward.variables?.span : undefined;
  const { status } = test;
  // An ended test has nothing left to cancel.
  const ended = status === 'completed' || status === 'cancelled';

  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <Group gap="xs" wrap="wrap">
        {status === 'active' && (
          <Button
            variant="light"
            color="yellow"
            onClick={() => run('pause')}
            loading={pendingAction === 'pause'}
            disabled={busy}
          >
            Pause
          </Button>
        )}
        {status === 'paused' && (
          <Button
            variant="light"
            color="teal"
            onClick={() => run('resume')}
            loading={pendingAction === 'resume'}
            disabled={busy}
          >
            Resume
          </Button>
        )}
        {(status === 'active' || status === 'paused') && (
          <Button
            variant="light"
            onClick={() => run('complete')}
            loading={pendingAction === 'complete'}
            disabled={busy}
          >
            Complete
          </Button>
        )}
        {canExtend && (
          <Button
            variant="light"
            color="violet"
            onClick={extendDialog.open}
            disabled={busy}
            aria-haspopup="dialog"
          >
            Extend
          </Button>
        )}
        {!ended && (
          <Button
            variant="subtle"
            color="red"
            onClick={cancelConfirm.open}
            loading={pendingAction === 'cancel'}
            disabled={busy}
          >
            Cancel Test
          </Button>
        )}
      </Group>
      {extendOpened && (
        <ExtendTestDialog
          test={test}
          opened={extendOpened}
          onClose={extendDialog.close}
          now={now}
          awaitingFinalFigures={awaitingFinalFigures}
          suggestedDays={suggestedDays}
        />
      )}
      <ConfirmDialog
        opened={cancelConfirm.opened}
        title="Cancel this test?"
        message={
          status === 'queued'
            ? 'It has not started: nothing on YouTube changes, and its place in line is given up.'
            : cancelMessage(test)
        }
        confirmLabel="Yes, cancel the test"
        cancelLabel="Keep it"
        danger
        loading={pendingAction === 'cancel'}
        onConfirm={() => run('cancel', cancelConfirm.close)}
        onClose={cancelConfirm.close}
      />
      {isFounder && (
        <Group gap="xs" wrap="wrap" role="group" aria-label={tools.group}>
          {/* A demo visitor reads them as the demo's controls, not an operator's tools. */}
          {isDemo && (
            <Text fz="xs" c="dimmed" fw={600}>
              {tools.group}:
            </Text>
          )}
          <Button
            variant="default"
            size="xs"
            onClick={() => forceAnalytics.mutate({ id: test.id })}
            loading={forceAnalytics.isPending}
            disabled={busy}
            title="Read YouTube’s figures for this test now, instead of at the next scheduled read"
          >
            {tools.readFigures}
          </Button>
          <Button
            variant="default"
            size="xs"
            onClick={() => simulateRotation.mutate({ id: test.id })}
            loading={simulateRotation.isPending}
            disabled={busy}
            title="Put the next variant live now, as the schedule's next switch would"
          >
            {tools.nextVariant}
          </Button>
          {canMoveTime && (status === 'scheduled' || status === 'active' || status === 'paused') && (
            <>
              <Button
                variant="default"
                size="xs"
                onClick={() => fastForward.mutate({ id: test.id, span: 'day' })}
                loading={fastForwarding === 'day'}
                disabled={busy}
                title="Move the simulated clock one day and run every job due on the way"
              >
                +1 day
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => fastForward.mutate({ id: test.id, span: 'end' })}
                loading={fastForwarding === 'end'}
                disabled={busy}
                title="Move the simulated clock past the end of the test, to its verdict"
              >
                To the end
              </Button>
            </>
          )}
          {fastForwarding && (
            <Text fz="xs" c="dimmed" role="status" w="100%">
              {fastForwarding === 'day'
                ? 'Your demo channel lives one more day: every switch, count and daily figure happens as it would.'
                : 'Your demo channel lives to the end of this test, its verdict included.'}{' '}
              This takes a few seconds to a minute.
            </Text>
          )}
        </Group>
      )}
    </Group>
  );
}
