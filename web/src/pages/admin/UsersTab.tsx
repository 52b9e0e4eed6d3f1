import { Alert, Badge, Button, Group, Menu, Skeleton, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { SUBSCRIPTION_TIER_NAMES } from '#shared/plans';
import { trpc } from '../../api/trpc';
import { ChevronDownIcon } from '../../components/icons';
import { showSuccess } from '../../lib/toast';
import { showAdminAlert } from './admin-alerts';
import type { AdminUser, DowngradeTier, UpgradeTier } from './admin-types';
import { ConfirmDialog } from '../../components/ConfirmDialog';

type Change = { direction: 'upgrade'; tier: UpgradeTier } | { direction: 'downgrade'; tier: DowngradeTier };
const upgrades: UpgradeTier[] = ['pro', 'authority', 'lifetime'];
const downgrades: Array<{ tier: DowngradeTier; label: string }> = [
  { tier: 'pro', label: 'Pro' },
  { tier: 'cancelled', label: 'Cancel access' },
];

function describe(user: AdminUser, change: Change): { title: string; message: string; confirm: string } {
  if (change.direction === 'downgrade' && change.tier === 'cancelled') {
    return {
      title: 'Cancel access',
      message: `Cancel ${user.name}'s plan (${user.email})? They keep the Free plan's limits.`,
      confirm: 'Cancel access',
    };
  }
  const verb = change.direction === 'upgrade' ? 'Upgrade' : 'Downgrade';
  return {
    title: `${verb} user`,
    message: `${verb} ${user.name} (${user.email}) to ${SUBSCRIPTION_TIER_NAMES[change.tier]}?`,
    confirm: verb,
  };
}

/** The users tab: every user, the ADMIN badge, upgrade and downgrade after a confirm. */
export function UsersTab() {
  const users = trpc.admin.users.useQuery();
  const utils = trpc.useUtils();
  const [pending, setPending] = useState<{ user: AdminUser; change: Change } | null>(null);
  // The dialog keeps showing its last target while it closes.
  const [open, setOpen] = useState(false);
  const ask = (next: { user: AdminUser; change: Change }) => {
    setPending(next);
    setOpen(true);
  };
  const onDone = async (message: string) => {
    setOpen(false);
    showSuccess(message);
    await Promise.all([utils.admin.users.invalidate(), utils.admin.metrics.invalidate()]);
  };
  const upgrade = trpc.admin.upgradeUser.useMutation({
    onSuccess: (result) => onDone(result.message),
    onError: (error) => {
      setOpen(false);
      showAdminAlert('upgrade', error);
    },
  });
  const downgrade = trpc.admin.downgradeUser.useMutation({
    onSuccess: (result) => onDone(result.message),
    onError: (error) => {
      setOpen(false);
      showAdminAlert('downgrade', error);
    },
  });
  const confirm = () => {
    if (!pending) return;
    const { user, change } = pending;
    if (change.direction === 'upgrade') upgrade.mutate({ id: user.id, tier: change.tier });
    else downgrade.mutate({ id: user.id, tier: change.tier });
  };

  if (users.isPending) return <Skeleton h={200} />;
  if (users.isError)
    return (
      <Alert color="red" title="Could not load users">
        {users.error.message}
      </Alert>
    );
  const dialog = pending ? describe(pending.user, pending.change) : null;

  return (
    <>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="sm" striped highlightOnHover aria-label="Users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th>Plan</Table.Th>
              <Table.Th>Channel</Table.Th>
              <Table.Th>Running tests</Table.Th>
              <Table.Th>Joined</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.data.map((user) => (
              <Table.Tr key={user.id}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} fz="sm">
                      {user.name}
                    </Text>
                    {user.isAdmin && (
                      <Badge size="sm" color="dark" variant="filled">
                        ADMIN
                      </Badge>
                    )}
                  </Group>
                  <Text fz="xs" c="dimmed">
                    {user.email}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    color={
                      user.subscriptionTier === 'free' || user.subscriptionTier === 'cancelled'
                        ? 'gray'
                        : 'violet'
                    }
                  >
                    {SUBSCRIPTION_TIER_NAMES[user.subscriptionTier]}
                  </Badge>
                  <Text fz="xs" c="dimmed">
                    {user.subscriptionStatus}
                    {user.hasStripeSubscription ? ' · Stripe' : ''}
                  </Text>
                </Table.Td>
                <Table.Td fz="sm">{user.youtubeChannelTitle ?? '—'}</Table.Td>
                <Table.Td fz="sm">{user.runningTests}</Table.Td>
                <Table.Td fz="sm">{new Date(user.createdAt).toLocaleDateString('en-US')}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <Button
                          size="xs"
                          variant="light"
                          rightSection={<ChevronDownIcon width={14} height={14} />}
                          aria-label={`Upgrade ${user.email}`}
                        >
                          Upgrade
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {upgrades.map((tier) => (
                          <Menu.Item
                            key={tier}
                            onClick={() => ask({ user, change: { direction: 'upgrade', tier } })}
                          >
                            {SUBSCRIPTION_TIER_NAMES[tier]}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                    <Menu position="bottom-end">
                      <Menu.Target>
                        <Button
                          size="xs"
                          variant="default"
                          rightSection={<ChevronDownIcon width={14} height={14} />}
                          aria-label={`Downgrade ${user.email}`}
                        >
                          Downgrade
                        </Button>
                      </Menu.Target>
                      <Menu.Dropdown>
                        {downgrades.map(({ tier, label }) => (
                          <Menu.Item
                            key={tier}
                            color={tier === 'cancelled' ? 'red' : undefined}
                            onClick={() => ask({ user, change: { direction: 'downgrade', tier } })}
                          >
                            {label}
                          </Menu.Item>
                        ))}
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={open}
        title={dialog?.title ?? ''}
        message={dialog?.message ?? ''}
        confirmLabel={dialog?.confirm ?? 'Confirm'}
        danger={pending?.change.tier === 'cancelled'}
        loading={upgrade.isPending || downgrade.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
