import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { GRANT_MAX_AGE_DAYS } from '#shared/data-retention';
import { channelLimits } from '#shared/plans';
import { trpc } from '../../api/trpc';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PaywallLinkText } from '../../components/PaywallLinkText';
import { showError, showSuccess } from '../../lib/toast';

type ChannelEntry = { id: string; title: string; status: 'connected' | 'disconnecting' | 'disconnected' };

const STATUS_BADGES: Record<ChannelEntry['status'], { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'teal' },
  disconnecting: { label: 'Disconnecting', color: 'yellow' },
  disconnected: { label: 'Disconnected', color: 'red' },
};

/** What the "Connect another channel" round trip through Google left in the address, once. */
function useConnectResult(): { connected: boolean; error: string | null } {
  const [result] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    return { connected: query.has('channel'), error: query.get('channelError') };
  });
  useEffect(() => {
    if (result.connected || result.error) window.history.replaceState(null, '', window.location.pathname);
  }, [result]);
  return result;
}

/**
 * The account's YouTube channels: each with its status and running tests, "Connect another
 * channel" within the plan's limit (a navigation through Google's consent), and "Disconnect",
 * which stops that channel's tests and puts their original titles back before access is revoked.
 */
export function ChannelSettings() {
  const channels = trpc.channels.list.useQuery();
  const utils = trpc.useUtils();
  const [leaving, setLeaving] = useState<ChannelEntry | null>(null);
  const connect = useConnectResult();
  const disconnect = trpc.account.disconnectChannel.useMutation({
    onSuccess: async (result) => {
      showSuccess(result.message);
      setLeaving(null);
      await Promise.all([utils.channels.list.invalidate(), utils.tests.list.invalidate()]);
    },
    onError: (error) => showError('Could not disconnect the channel', error.message),
  });
  const list = channels.data?.channels ?? [];
  const active = list.filter((channel) => channel.status === 'connected').length;
  const atLimit = channels.data ? active >= channels.data.limit : true;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-channels">
      <Title order={2} fz="lg" id="account-channels" mb="xs">
        YouTube channels
      </Title>
      {connect.connected && (
        <Alert color="teal" mb="sm" title="Channel connected">
          The channel is connected. Choose it in the header to test its titles.
        </Alert>
      )}
      {connect.error && (
        <Alert color="red" mb="sm" title="The channel was not connected">
          {connect.error}
        </Alert>
      )}
      {channels.isPending ? (
        <Loader size="sm" aria-label="Loading channels" />
      ) : channels.isError ? (
        <Text c="red.8">Could not load your channels: {channels.error.message}</Text>
      ) : (
        <Stack gap="sm">
          {list.length === 0 && <Text>No channel connected.</Text>}
          {channels.data.extraChannels && (
            <Alert color="yellow" variant="light" title="More channels than your plan includes">
              <PaywallLinkText message={channels.data.extraChannels} />
            </Alert>
          )}
          {list.map((channel) => (
            <Group key={channel.id} justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{channel.title}</Text>
                  <Badge color={STATUS_BADGES[channel.status].color} variant="light">
                    {STATUS_BADGES[channel.status].label}
                  </Badge>
                </Group>
                <Text c="dimmed" fz="sm">
                  {channel.runningTests === 1 ? '1 running test' : `${channel.runningTests} running tests`}
                </Text>
                {channel.status === 'connected' && !channel.takesNewTests && (
                  <Text c="dimmed" fz="sm">
                    No new tests on your plan
                  </Text>
                )}
                {channel.statusReason && (
                  <Text c={channel.status === 'connected' ? 'dimmed' : 'red.8'} fz="sm">
                    {channel.statusReason}
                  </Text>
                )}
              </div>
              {channel.status === 'connected' && (
                <Button
                  variant="default"
                  size="xs"
                  // On a phone the title and badge wrap; the button keeps its width.
                  style={{ flexShrink: 0 }}
                  onClick={() => setLeaving(channel)}
                  aria-label={`Disconnect ${channel.title}`}
                >
                  Disconnect
                </Button>
              )}
            </Group>
          ))}
          <Group gap="sm" mt="xs">
            {channels.data.extraChannels ? null : atLimit ? (
              <Text fz="sm" c="dimmed">
                Your plan connects{' '}
                {channels.data.limit === 1 ? 'one channel' : `up to ${channels.data.limit}`}.{' '}
                {channels.data.limit < channelLimits.authority && (
                  <Anchor component={Link} to="/paywall">
                    Authority connects up to {channelLimits.authority}.
                  </Anchor>
                )}
              </Text>
            ) : (
              <Button component="a" href="/api/channels/connect" variant="light">
                Connect another channel
              </Button>
            )}
          </Group>
          <Text c="dimmed" fz="sm">
            Titlewise keeps a channel’s figures only while Google’s access is current, and checks it again
            before it is {GRANT_MAX_AGE_DAYS} days old. If access stays lost for {GRANT_MAX_AGE_DAYS} days,
            the channel’s tests and figures are deleted, as YouTube’s data policy requires.
          </Text>
        </Stack>
      )}
      <ConfirmDialog
        opened={leaving !== null}
        onClose={() => setLeaving(null)}
        title={leaving ? `Disconnect ${leaving.title}?` : ''}
        message="Its running tests stop and their original titles go back on YouTube first. Then Titlewise’s access to the channel is revoked. Its finished tests stay until the retention rule removes them; connect it again to keep them."
        cancelLabel="Keep it"
        confirmLabel="Disconnect"
        danger
        loading={disconnect.isPending}
        onConfirm={() => leaving && disconnect.mutate({ id: leaving.id })}
      />
    </Card>
  );
}
