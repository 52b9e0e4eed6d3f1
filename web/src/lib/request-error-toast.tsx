import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { isNetworkError, NETWORK_ERROR_MESSAGE } from '#shared/network-error';
import { showError } from './toast';

/**
 * A failed change: when the server could not be reached, the one network message with a Retry
 * button, shown until the creator retries or dismisses it (issue 26, item 2); otherwise the
 * server's own message, as any error toast.
 */
export function showRequestError(
  title: string,
  error: unknown,
  retry: () => void,
  fallback?: string,
): string {
  if (!isNetworkError(error)) {
    const message = error instanceof Error && error.message ? error.message : fallback;
    return showError(title, message);
  }
  // One toast at a time (lib/toast.ts).
  notifications.cleanQueue();
  notifications.clean();
  const id: string = notifications.show({
    title,
    message: (
      <Group gap="sm" justify="space-between" wrap="nowrap">
        <Text fz="sm" style={{ flex: 1, minWidth: 0 }}>
          {NETWORK_ERROR_MESSAGE}
        </Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          style={{ flexShrink: 0 }}
          onClick={() => {
            notifications.hide(id);
            retry();
          }}
        >
          Retry
        </Button>
      </Group>
    ),
    color: 'red',
    withBorder: true,
    autoClose: false,
    closeButtonProps: { 'aria-label': 'Dismiss notification' },
    'data-variant': 'destructive',
  });
  return id;
}
