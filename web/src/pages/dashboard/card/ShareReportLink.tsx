import {
  Alert,
  Anchor,
  Button,
  CopyButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId } from 'react';
import { trpc } from '../../../api/trpc';
import { showError, showSuccess } from '../../../lib/toast';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The test's read-only report link (docs/product.md#shared-report-links): create one, see and
 * copy the live one, revoke it. Asked for only once the owner opens it.
 */
function ShareLinkPanel({ testId, id }: { testId: string; id: string }) {
  const utils = trpc.useUtils();
  const links = trpc.reports.shareLink.useQuery({ id: testId });
  const refresh = () => utils.reports.shareLink.invalidate({ id: testId });
  const create = trpc.reports.createShareLink.useMutation({
    onSuccess: async (created) => {
      await refresh();
      showSuccess(
        'Report link created',
        created.replacedPrevious ? 'The previous link no longer opens the report.' : undefined,
      );
    },
    onError: (error) => showError('Could not create the report link', error.message),
  });
  const revoke = trpc.reports.revokeShareLink.useMutation({
    onSuccess: async () => {
      await refresh();
      showSuccess('Report link revoked', 'Anyone opening it now sees that it was revoked.');
    },
    onError: (error) => showError('Could not revoke the report link', error.message),
  });
  const busy = create.isPending || revoke.isPending;
  const current = links.data?.current ?? null;

  return (
    <Paper withBorder p="sm" radius="md" id={id}>
      <Stack gap="xs">
        <Text fz="sm">
          Anyone with the link can read this test’s report — titles, figures and verdict — without signing in.
          It shows nothing about you and offers no actions. One link at a time: creating a new link revokes
          the current one.
        </Text>
        {links.isPending ? (
          <Skeleton h={36} radius="sm" aria-label="Loading the report link" />
        ) : links.isError ? (
          <Alert color="red" variant="light" title="The report link could not be loaded">
            {links.error.message}
          </Alert>
        ) : current ? (
          <>
            <TextInput
              label="Report link"
              value={current.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              description={`Created ${dateFormat.format(new Date(current.createdAt))}`}
            />
            <Group gap="xs">
              <CopyButton value={current.url}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? 'Copied' : 'Copy link'}
                  </Button>
                )}
              </CopyButton>
              <Anchor href={current.url} target="_blank" rel="noreferrer" fz="sm">
                Open the report
              </Anchor>
              <Button
                size="xs"
                variant="light"
                color="red"
                loading={revoke.isPending}
                disabled={busy}
                onClick={() => revoke.mutate({ id: testId })}
              >
                Revoke link
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={create.isPending}
                disabled={busy}
                onClick={() => create.mutate({ id: testId })}
              >
                Create a new link
              </Button>
            </Group>
          </>
        ) : (
          <Group gap="xs">
            <Text fz="sm" c="dimmed">
              No live report link.
            </Text>
            <Button
              size="xs"
              loading={create.isPending}
              disabled={busy}
              onClick={() => create.mutate({ id: testId })}
            >
              Create report link
            </Button>
          </Group>
        )}
        {links.data && links.data.revoked.length > 0 && (
          <Text fz="xs" c="dimmed">
            {links.data.revoked.length} earlier link{links.data.revoked.length === 1 ? '' : 's'} revoked:
            opening one says so.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

export function ShareReportLink({ testId }: { testId: string }) {
  const [opened, { toggle }] = useDisclosure(false);
  const panelId = useId();
  return (
    <Stack gap="xs">
      <Group gap="md">
        <Text fz="sm" fw={600}>
          Share:
        </Text>
        <Button size="xs" variant="subtle" onClick={toggle} aria-expanded={opened} aria-controls={panelId}>
          Read-only report link
        </Button>
      </Group>
      {opened && <ShareLinkPanel testId={testId} id={panelId} />}
    </Stack>
  );
}
