import { Alert, Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { trpc } from '../../api/trpc';
import type { CurrentUser } from '../../auth/auth-client';
import { showSuccess } from '../../lib/toast';

interface DeleteAccountDialogProps {
  user: CurrentUser;
  opened: boolean;
  onClose: () => void;
}

/**
 * Confirms an account deletion by the account's e-mail address. The server refuses a paid
 * subscription that still bills, and says so here; success signs out and goes to the home page.
 */
export function DeleteAccountDialog({ user, opened, onClose }: DeleteAccountDialogProps) {
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = trpc.account.delete.useMutation({
    onSuccess: async ({ message }) => {
      queryClient.clear();
      showSuccess('Your account is being deleted', message);
      await navigate({ to: '/' });
    },
  });
  const matches = typed.trim().toLowerCase() === user.email.toLowerCase();
  const close = () => {
    setTyped('');
    remove.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches) remove.mutate({ confirmEmail: typed });
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Delete your Titlewise account?"
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit}>
        <Stack gap="md">
          <List size="sm" spacing={4}>
            <List.Item>You are signed out everywhere at once.</List.Item>
            <List.Item>Running tests stop, and each video’s original title goes back on YouTube.</List.Item>
            <List.Item>
              Then your tests, their figures and Titlewise’s access to your Google account are deleted. This
              cannot be undone.
            </List.Item>
          </List>
          {user.subscriptionStatus === 'active' && !user.isLifetime && (
            <Text fz="sm" c="dimmed">
              A paid subscription must be cancelled first, under “Manage subscription”.
            </Text>
          )}
          <TextInput
            label="Type your e-mail address to confirm"
            description={user.email}
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
          {remove.error && (
            <Alert color="red" variant="light" role="alert" title="Your account was not deleted">
              {remove.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red.9" disabled={!matches} loading={remove.isPending}>
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
