import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { teamSeatLimits } from '#shared/plans';
import { dormantTeamMessage, TEAM_ROLE_DESCRIPTIONS, TEAM_ROLE_LABELS, type TeamRole } from '#shared/team';
import { trpc } from '../../api/trpc';
import type { CurrentUser } from '../../auth/auth-client';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showError, showSuccess } from '../../lib/toast';
import { InviteForm } from './InviteForm';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

type Member = { id: string; name: string; email: string; role: TeamRole; joinedAt: string };

const ROLES: TeamRole[] = ['editor', 'viewer'];
const ROLE_CHOICES = ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));
const withArticle = (role: TeamRole) =>
  `${role === 'editor' ? 'an' : 'a'} ${TEAM_ROLE_LABELS[role].toLowerCase()}`;

/** A member's role, changed in place: it applies from their next request. */
function MemberRole({ member }: { member: Member }) {
  const utils = trpc.useUtils();
  const change = trpc.team.changeMemberRole.useMutation({
    onSuccess: async (changed) => {
      await utils.team.get.invalidate();
      showSuccess(
        'Role changed',
        `${changed.name} is now ${withArticle(changed.role)}: ${TEAM_ROLE_DESCRIPTIONS[changed.role].toLowerCase()}`,
      );
    },
    onError: (error) => showError('Could not change the role', error.message),
  });
  // While saving, the control shows the choice being saved; on an error it falls back to the role held.
  const role = change.isPending ? change.variables.role : member.role;
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="nowrap">
        <SegmentedControl
          size="xs"
          value={role}
          data={ROLE_CHOICES}
          onChange={(value) => change.mutate({ id: member.id, role: value })}
          // Read-only, not disabled, while saving: keyboard focus stays on the choice just made.
          readOnly={change.isPending}
          aria-label={`Role for ${member.name}`}
          aria-busy={change.isPending}
        />
        {change.isPending && <Loader size="xs" aria-label={`Saving the role for ${member.name}`} />}
      </Group>
      <Text fz="xs" c="dimmed">
        {TEAM_ROLE_DESCRIPTIONS[role]}
      </Text>
      {change.isError && (
        <Text fz="xs" c="red.8" role="alert">
          {change.error.message}
        </Text>
      )}
    </Stack>
  );
}

/** The owner's side: members, pending invitations, seats, and the invite form. */
function OwnTeam() {
  const team = trpc.team.get.useQuery();
  const utils = trpc.useUtils();
  const [removing, setRemoving] = useState<Member | null>(null);
  const withdraw = trpc.team.revokeInvitation.useMutation({
    onSuccess: async () => {
      await utils.team.get.invalidate();
      showSuccess('Invitation withdrawn', 'Its link no longer works.');
    },
    onError: (error) => showError('Could not withdraw the invitation', error.message),
  });
  const remove = trpc.team.removeMember.useMutation({
    onSuccess: async () => {
      setRemoving(null);
      await utils.team.get.invalidate();
      showSuccess('Member removed', 'They lost access to your channels.');
    },
    onError: (error) => showError('Could not remove the member', error.message),
  });

  if (team.isPending) return <Loader size="sm" aria-label="Loading your team" />;
  if (team.isError) return <Text c="red.8">Could not load your team: {team.error.message}</Text>;
  const { members, invitations, seats } = team.data;
  if (seats === 0) {
    return (
      <Stack gap="sm">
        {members.length > 0 && (
          <Alert color="yellow" variant="light" title="Your team is on hold">
            {dormantTeamMessage(members.map((member) => member.name))}
          </Alert>
        )}
        <Text fz="sm">
          Invite editors and viewers to work on your channels with Authority, which has{' '}
          {teamSeatLimits.authority} team seats.{' '}
          <Anchor component={Link} to="/paywall">
            See the plans
          </Anchor>
        </Text>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        Members sign in with their own Google account and work on your channels: editors create tests and act
        on them, viewers only look. Every test action records who did it.
      </Text>
      <Stack gap="xs" component="section" aria-label="Members">
        <Title order={3} fz="md">
          Members
        </Title>
        {members.length === 0 && <Text fz="sm">Nobody yet.</Text>}
        {members.map((member) => (
          <Group key={member.id} justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <div>
                <Text fw={600}>{member.name}</Text>
                <Text c="dimmed" fz="sm">
                  {member.email} · joined {dateFormat.format(new Date(member.joinedAt))}
                </Text>
              </div>
              <MemberRole member={member} />
            </Stack>
            <Button
              variant="default"
              size="xs"
              onClick={() => setRemoving(member)}
              aria-label={`Remove ${member.name}`}
            >
              Remove
            </Button>
          </Group>
        ))}
      </Stack>
      {invitations.length > 0 && (
        <Stack gap="xs" component="section" aria-label="Pending invitations">
          <Title order={3} fz="md">
            Pending invitations
          </Title>
          {invitations.map((invitation) => (
            <Group key={invitation.id} justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600}>{invitation.email}</Text>
                  <Badge variant="light" color="gray">
                    {TEAM_ROLE_LABELS[invitation.role]}
                  </Badge>
                </Group>
                <Text c="dimmed" fz="sm">
                  Expires {dateFormat.format(new Date(invitation.expiresAt))}
                </Text>
              </div>
              <Group gap="xs" wrap="nowrap">
                {invitation.url && (
                  <CopyButton value={invitation.url}>
                    {({ copied, copy }) => (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={copy}
                        aria-label={`${copied ? 'Copied' : 'Copy link'} for ${invitation.email}`}
                      >
                        {copied ? 'Copied' : 'Copy link'}
                      </Button>
                    )}
                  </CopyButton>
                )}
                <Button
                  size="xs"
                  variant="default"
                  loading={withdraw.isPending && withdraw.variables.id === invitation.id}
                  onClick={() => withdraw.mutate({ id: invitation.id })}
                  aria-label={`Withdraw the invitation for ${invitation.email}`}
                >
                  Withdraw
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      )}
      <InviteForm seatsLeft={Math.max(0, seats - members.length - invitations.length)} />
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={removing ? `Remove ${removing.name}?` : ''}
        message="They lose access to your channels and tests at once. Tests they started keep running."
        cancelLabel="Keep them"
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </Stack>
  );
}

/** A member's side: whose team they are on, with which role, and leaving it. */
function MemberOfTeam({ team }: { team: NonNullable<CurrentUser['team']> }) {
  const utils = trpc.useUtils();
  const leave = trpc.team.leave.useMutation({
    onSuccess: async () => {
      await utils.invalidate();
      window.location.assign('/dashboard');
    },
    onError: (error) => showError('Could not leave the team', error.message),
  });
  return (
    <Stack gap="sm">
      <Text>
        You work on <strong>{team.ownerName}</strong>’s channels ({team.ownerEmail}) as{' '}
        {TEAM_ROLE_LABELS[team.role].toLowerCase()}: {TEAM_ROLE_DESCRIPTIONS[team.role].toLowerCase()}
      </Text>
      <Text fz="sm" c="dimmed">
        While you are on the team, the dashboard shows their channels and tests, not your own.
      </Text>
      <Button variant="default" w="fit-content" loading={leave.isPending} onClick={() => leave.mutate()}>
        Leave the team
      </Button>
    </Stack>
  );
}

/** The Team section of the account page (docs/product.md#team). */
export function TeamSettings({ user }: { user: CurrentUser }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="account-team">
      <Title order={2} fz="lg" id="account-team" mb="xs">
        Team
      </Title>
      {user.team ? <MemberOfTeam team={user.team} /> : <OwnTeam />}
    </Card>
  );
}
