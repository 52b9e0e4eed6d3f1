import { Button, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  INVITATION_DAYS,
  TEAM_MESSAGES,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
  type TeamRole,
} from '#shared/team';
import { trpc } from '../../api/trpc';
import { showSuccess } from '../../lib/toast';

const ROLES: TeamRole[] = ['editor', 'viewer'];

/** The invite form: an address and a role; the server sends the e-mail and returns the link. */
export function InviteForm({ seatsLeft }: { seatsLeft: number }) {
  const utils = trpc.useUtils();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('editor');
  const invite = trpc.team.invite.useMutation({
    onSuccess: async (created) => {
      setEmail('');
      await utils.team.get.invalidate();
      showSuccess(
        created.emailed ? 'Invitation sent' : 'Invitation made',
        created.emailed
          ? `${created.email} has an e-mail with the link. It works for ${INVITATION_DAYS} days.`
          : TEAM_MESSAGES.notEmailed,
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email: email.trim(), role });
  };
  return (
    <form onSubmit={submit} aria-label="Invite a member">
      <Stack gap="sm">
        <TextInput
          label="E-mail of their Google account"
          type="email"
          required
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={invite.error?.message}
          disabled={seatsLeft === 0}
        />
        <Radio.Group label="Role" value={role} onChange={(value) => setRole(value)} aria-label="Role">
          <Stack gap={6} mt={4}>
            {ROLES.map((value) => (
              <Radio
                key={value}
                value={value}
                label={TEAM_ROLE_LABELS[value]}
                description={TEAM_ROLE_DESCRIPTIONS[value]}
                disabled={seatsLeft === 0}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group gap="sm">
          <Button type="submit" loading={invite.isPending} disabled={seatsLeft === 0}>
            Send invitation
          </Button>
          <Text fz="sm" c="dimmed" role="status">
            {seatsLeft === 1 ? '1 seat left' : `${seatsLeft} seats left`}
          </Text>
        </Group>
      </Stack>
    </form>
  );
}
