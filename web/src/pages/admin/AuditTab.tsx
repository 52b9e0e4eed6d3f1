import { Alert, Skeleton, Table, Text } from '@mantine/core';
import { trpc } from '../../api/trpc';
import type { AuditEntry } from './admin-types';

const timeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

type Snapshot = Record<string, unknown> | null;
const asSnapshot = (value: unknown): Snapshot =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : null;

/** What was acted on: a test by its video's title, anything else by its kind and id. */
function targetOf(entry: AuditEntry): string {
  const state = asSnapshot(entry.after) ?? asSnapshot(entry.before);
  const title = state?.videoTitle;
  if (typeof title === 'string') return title;
  const email = state?.email;
  if (typeof email === 'string') return `${entry.targetType} ${email}`;
  return `${entry.targetType} ${entry.targetId.slice(0, 8)}`;
}

/** The change in a few words: the fields whose value moved, as before → after. */
function changeOf(entry: AuditEntry): string {
  const before = asSnapshot(entry.before);
  const after = asSnapshot(entry.after);
  if (!before) return after ? 'created' : '';
  if (!after) return 'removed';
  const moved = Object.keys(after).filter(
    (key) => key !== 'videoTitle' && JSON.stringify(after[key]) !== JSON.stringify(before[key]),
  );
  return moved.map((key) => `${key}: ${String(before[key])} → ${String(after[key])}`).join(', ');
}

/** The audit log tab: the newest entries, who did what to which test, plan or team. */
export function AuditTab() {
  const entries = trpc.admin.audit.useQuery();
  if (entries.isPending) return <Skeleton h={200} aria-label="Loading the audit log" />;
  if (entries.isError)
    return (
      <Alert color="red" title="Could not load the audit log">
        {entries.error.message}
      </Alert>
    );
  if (entries.data.length === 0) return <Text c="dimmed">Nothing recorded yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped aria-label="Audit log">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>When</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>On</Table.Th>
            <Table.Th>Change</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.data.map((entry) => (
            <Table.Tr key={entry.id}>
              <Table.Td>{timeFormat.format(new Date(entry.at))}</Table.Td>
              <Table.Td>
                {entry.actor ? (entry.actor.name ?? 'A removed account') : 'Titlewise (automatic)'}
                {entry.actor?.email && (
                  <Text fz="xs" c="dimmed">
                    {entry.actor.email}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" fz="sm">
                  {entry.action}
                </Text>
              </Table.Td>
              <Table.Td>{targetOf(entry)}</Table.Td>
              <Table.Td>
                <Text fz="sm">{changeOf(entry)}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
