import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { DASHBOARD_POLL_MS } from '../../api/query-client';
import { trpc } from '../../api/trpc';
import { showError } from '../../lib/toast';
import { BellIcon } from '../icons';

const when = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * The header's bell: how many notifications are unread, and a list of the newest (what happened to
 * the creator's tests while they were away). Opening one marks it read; "Mark all read" clears the
 * count; one about a test opens the dashboard at that test's card. Polled with the dashboard, and
 * fetched again after any change the creator makes to a test (useRefreshDashboard).
 */
export function NotificationBell() {
  const [opened, setOpened] = useState(false);
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useQuery(undefined, { refetchInterval: DASHBOARD_POLL_MS });
  const markRead = trpc.notifications.markRead.useMutation({
    onSuccess: () => utils.notifications.list.invalidate(),
    onError: (error) => showError('Could not mark notifications read', error.message),
  });
  const unread = list.data?.unreadCount ?? 0;
  const items = list.data?.notifications ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Indicator label={unread > 9 ? '9+' : unread} size={18} disabled={unread === 0} color="red.8" offset={4}>
      <Popover opened={opened} onChange={setOpened} width={360} position="bottom-end" shadow="md" trapFocus>
        <Popover.Target>
          <ActionIcon
            variant="default"
            size={36}
            radius="xl"
            aria-label={label}
            onClick={() => setOpened((open) => !open)}
          >
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} role="dialog" aria-label="Notifications">
          <Group
            justify="space-between"
            px="md"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            <Text fw={700}>Notifications</Text>
            <Button
              size="compact-sm"
              variant="subtle"
              disabled={unread === 0}
              loading={markRead.isPending}
              onClick={() => markRead.mutate({})}
            >
              Mark all read
            </Button>
          </Group>
          {list.isPending ? (
            <Group justify="center" p="lg">
              <Loader size="sm" aria-label="Loading notifications" />
            </Group>
          ) : list.isError ? (
            <Text c="red.8" p="md" fz="sm" role="alert">
              Notifications could not be loaded: {list.error.message}
            </Text>
          ) : items.length === 0 ? (
            <Text c="dimmed" p="md" fz="sm">
              Nothing yet. You will hear here, and by e-mail, when a test starts, ends or needs you.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={420}>
              <Stack gap={0} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {items.map((item) => (
                  <Box
                    component="li"
                    key={item.id}
                    style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}
                  >
                    <UnstyledButton
                      w="100%"
                      px="md"
                      py="sm"
                      onClick={() => {
                        if (!item.read) markRead.mutate({ ids: [item.id] });
                        if (item.testId) {
                          setOpened(false);
                          void navigate({ to: '/dashboard', search: { test: item.testId } });
                        }
                      }}
                      bg={item.read ? undefined : 'violet.0'}
                    >
                      <Group gap={6} wrap="nowrap" align="flex-start">
                        {!item.read && (
                          <Badge size="xs" color="violet" variant="filled" circle aria-label="Unread">
                            {' '}
                          </Badge>
                        )}
                        <div style={{ minWidth: 0 }}>
                          <Text fz="sm" fw={item.read ? 500 : 700}>
                            {item.title}
                          </Text>
                          <Text fz="sm" c="dimmed" lineClamp={3}>
                            {item.body}
                          </Text>
                          <Text fz="xs" c="dimmed" mt={2}>
                            {when.format(new Date(item.createdAt))}
                            {item.email === 'sent' ? ' · e-mailed' : ''}
                          </Text>
                        </div>
                      </Group>
                    </UnstyledButton>
                  </Box>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Box px="md" py="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
            <Anchor component={Link} to="/account" fz="sm" onClick={() => setOpened(false)}>
              E-mail settings
            </Anchor>
          </Box>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
