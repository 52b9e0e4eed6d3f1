import { Anchor, Card, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_KIND_LABELS,
  notificationKinds,
  type NotificationKind,
} from '#shared/notification-kinds';
import { trpc } from '../../api/trpc';
import { showError } from '../../lib/toast';

/** Which notifications also come by e-mail: one switch per kind, saved as it is flipped. */
export function EmailSettings() {
  const utils = trpc.useUtils();
  const preferences = trpc.notifications.preferences.useQuery();
  const save = trpc.notifications.setPreferences.useMutation({
    onSuccess: (saved) => utils.notifications.preferences.setData(undefined, saved),
    onError: (error) => showError('Your e-mail choice was not saved', error.message),
  });
  const set = (kind: NotificationKind, on: boolean) => save.mutate({ email: { [kind]: on } });
  const data = preferences.data;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-email">
      <Title order={2} fz="lg" id="account-email" mb="xs">
        E-mail notifications
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        Everything also appears under the bell in the header. Every e-mail has a link that turns its kind off.
      </Text>
      {preferences.isError ? (
        <Text c="red.8" fz="sm" role="alert">
          Your e-mail settings could not be loaded: {preferences.error.message}
        </Text>
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading e-mail settings">
          {notificationKinds.map((kind) => (
            <Skeleton key={kind} height={24} />
          ))}
        </Stack>
      ) : (
        <Stack gap="sm">
          {!data.emailAvailable && (
            <Text fz="sm" c="dimmed">
              This Titlewise server sends no e-mail (no mail server is configured); notifications appear in
              the app only.
            </Text>
          )}
          {notificationKinds.map((kind) => (
            <Switch
              key={kind}
              label={NOTIFICATION_KIND_LABELS[kind]}
              checked={data.email[kind]}
              disabled={!data.emailAvailable || save.isPending}
              onChange={(event) => set(kind, event.currentTarget.checked)}
            />
          ))}
          {data.outboxUrl && (
            <Text fz="sm" mt="xs">
              This server runs the YouTube simulator: e-mail goes to its built-in mail catcher.{' '}
              <Anchor href={data.outboxUrl} target="_blank" rel="noreferrer">
                Open the outbox
              </Anchor>
            </Text>
          )}
        </Stack>
      )}
    </Card>
  );
}
