import { Alert, Badge, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { trpc } from '../../api/trpc';
import { showSuccess } from '../../lib/toast';
import { formatCompact, formatCtr } from '../../lib/format';
import { StatusBadge } from '../../components/StatusBadge';
import { showAdminAlert } from './admin-alerts';
import type { AdminTest } from './admin-types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FullReportModal } from './FullReportModal';

const running = (test: AdminTest) =>
  test.status === 'scheduled' || test.status === 'active' || test.status === 'paused';

/** The tests tab: every test with KPIs and owner; full report, cancel and delete (after a confirm). */
export function TestsTab() {
  const tests = trpc.admin.tests.useQuery();
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<{ test: AdminTest; action: 'cancel' | 'delete' } | null>(null);
  // The dialog keeps showing its last target while it closes.
  const [open, setOpen] = useState(false);
  const ask = (next: { test: AdminTest; action: 'cancel' | 'delete' }) => {
    setPending(next);
    setOpen(true);
  };
  const [reportId, setReportId] = useState<string | null>(null);
  const refresh = () => Promise.all([utils.admin.tests.invalidate(), utils.admin.metrics.invalidate()]);
  const settle = {
    onSuccess: async (result: { message: string }) => {
      setOpen(false);
      showSuccess(result.message);
      await refresh();
    },
  };
  const cancel = trpc.admin.cancelTest.useMutation({
    ...settle,
    onError: (error) => {
      setOpen(false);
      showAdminAlert('cancel', error);
    },
  });
  const remove = trpc.admin.deleteTest.useMutation({
    ...settle,
    onError: (error) => {
      setOpen(false);
      showAdminAlert('delete', error);
    },
  });

  if (tests.isPending) return <Skeleton h={200} />;
  if (tests.isError)
    return (
      <Alert color="red" title="Could not load tests">
        {tests.error.message}
      </Alert>
    );
  if (tests.data.length === 0) return <Text c="dimmed">No tests yet.</Text>;

  const target = pending?.test;
  const deleting = pending?.action === 'delete';
  return (
    <>
      <Table.ScrollContainer minWidth={980}>
        <Table verticalSpacing="sm" striped highlightOnHover aria-label="Tests">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Video</Table.Th>
              <Table.Th>Owner</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Titles</Table.Th>
              <Table.Th>Rotations</Table.Th>
              <Table.Th>Views</Table.Th>
              <Table.Th>Avg CTR</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tests.data.map((test) => (
              <Table.Tr key={test.id}>
                <Table.Td maw={280}>
                  <Text fw={600} fz="sm" lineClamp={2}>
                    {test.videoTitle}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    Every {test.rotationIntervalMinutes / 60} h · winner by {test.winnerMetric}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text fz="sm">{test.owner.name}</Text>
                  <Text fz="xs" c="dimmed">
                    {test.owner.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    <StatusBadge status={test.status} />
                    {test.deletionPending && (
                      <Badge color="red" variant="light">
                        Deleting
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td fz="sm">{test.titles.length}</Table.Td>
                <Table.Td fz="sm">{test.analytics.rotationsCount}</Table.Td>
                <Table.Td fz="sm">{formatCompact(test.analytics.totalViews)}</Table.Td>
                <Table.Td fz="sm">
                  {test.analytics.averageCtr === null ? '—' : formatCtr(test.analytics.averageCtr)}
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      onClick={() => setReportId(test.id)}
                      aria-label={`Full report: ${test.videoTitle}`}
                    >
                      Full report
                    </Button>
                    {running(test) && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => ask({ test, action: 'cancel' })}
                        aria-label={`Cancel test: ${test.videoTitle}`}
                      >
                        Cancel
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => ask({ test, action: 'delete' })}
                      aria-label={`Delete test: ${test.videoTitle}`}
                    >
                      Delete
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={open}
        title={deleting ? 'Delete test' : 'Cancel test'}
        message={
          target
            ? deleting
              ? `Delete the test on “${target.videoTitle}” by ${target.owner.name}?${running(target) ? ' It is cancelled first, and deleted once its original title is back on YouTube.' : ''}`
              : `Cancel the test on “${target.videoTitle}” by ${target.owner.name}? Its original title is put back on YouTube.`
            : ''
        }
        confirmLabel={deleting ? 'Delete test' : 'Cancel test'}
        danger
        loading={cancel.isPending || remove.isPending}
        onConfirm={() => {
          if (!pending) return;
          if (pending.action === 'delete') remove.mutate({ id: pending.test.id });
          else cancel.mutate({ id: pending.test.id });
        }}
        onClose={() => setOpen(false)}
      />
      <FullReportModal testId={reportId} onClose={() => setReportId(null)} />
    </>
  );
}
