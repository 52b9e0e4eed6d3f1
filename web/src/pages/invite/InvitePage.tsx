import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  INVITATION_PAGE_PATH,
  TEAM_ROLE_DESCRIPTIONS,
  TEAM_ROLE_LABELS,
  wrongAccountMessage,
} from '#shared/team';
import { trpc } from '../../api/trpc';
import { logoutOnServer, type CurrentUser } from '../../auth/auth-client';
import { currentUserQuery, useCurrentUser } from '../../auth/current-user';
import { startGoogleSignIn } from '../../auth/google-sign-in';
import { CenteredLayout } from '../../components/CenteredLayout';
import { GoogleMark } from '../../components/sign-in/GoogleMark';
import { showSuccess } from '../../lib/toast';
import {
  forgetInvitationToken,
  invitationToken,
  useInvitationPreview,
  type InvitationPreview,
} from './invitation';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** To Google and back to this page, which finds the token again in the tab's storage. */
const signInWithGoogle = () => startGoogleSignIn(INVITATION_PAGE_PATH);

function Accept({ token, preview, user }: { token: string; preview: InvitationPreview; user: CurrentUser }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [switching, setSwitching] = useState(false);
  const accept = trpc.team.accept.useMutation({
    onSuccess: async (team) => {
      forgetInvitationToken();
      // Everything read so far was the person's own account; from now on it is the owner's.
      queryClient.clear();
      await queryClient.fetchQuery(currentUserQuery);
      showSuccess(
        `You joined ${team.ownerName}’s team`,
        `You work on their channels as ${TEAM_ROLE_LABELS[team.role].toLowerCase()}.`,
      );
      await navigate({ to: '/dashboard' });
    },
  });
  const otherAccount = user.email.toLowerCase() !== preview.email;
  const switchAccount = async () => {
    setSwitching(true);
    await logoutOnServer().catch(() => undefined);
    signInWithGoogle();
  };
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        Signed in as {user.email}
      </Text>
      {otherAccount ? (
        <>
          <Alert color="yellow" variant="light" title="A different Google account">
            {wrongAccountMessage(preview.email)}
          </Alert>
          <Button
            variant="default"
            leftSection={<GoogleMark />}
            loading={switching}
            onClick={() => void switchAccount()}
          >
            Sign in with another Google account
          </Button>
        </>
      ) : (
        <Button size="md" loading={accept.isPending} onClick={() => accept.mutate({ token })}>
          Accept invitation
        </Button>
      )}
      {accept.error && (
        <Alert color="red" variant="light" title="The invitation was not accepted" role="alert">
          {accept.error.message}
        </Alert>
      )}
    </Stack>
  );
}

/**
 * /invite?token=…: what a team invitation offers (who invites, which address, which role, until
 * when), then signing in with the invited Google account and accepting (docs/product.md#team).
 */
export default function InvitePage() {
  const [token] = useState(invitationToken);
  const preview = useInvitationPreview(token);
  const user = useCurrentUser();

  let body;
  if (!token) {
    body = <Text c="dimmed">This invitation link is not complete. Open the link from the e-mail again.</Text>;
  } else if (preview.isPending || user.isPending) {
    body = <Loader aria-label="Loading the invitation" />;
  } else if (preview.isError) {
    body = (
      <Alert color="red" variant="light" title="This invitation cannot be used" role="alert">
        {preview.error.message}
      </Alert>
    );
  } else {
    const invitation = preview.data;
    body = (
      <Stack gap="md">
        <Text>
          <strong>{invitation.ownerName}</strong> invites <strong>{invitation.email}</strong> to work on their
          YouTube channels in Titlewise as {TEAM_ROLE_LABELS[invitation.role].toLowerCase()}.
        </Text>
        <Text fz="sm" c="dimmed">
          {TEAM_ROLE_LABELS[invitation.role]}: {TEAM_ROLE_DESCRIPTIONS[invitation.role]} The link works until{' '}
          {dateFormat.format(new Date(invitation.expiresAt))}.
        </Text>
        {user.data ? (
          <Accept token={token} preview={invitation} user={user.data} />
        ) : (
          <Button
            size="md"
            variant="default"
            leftSection={<GoogleMark />}
            onClick={signInWithGoogle}
            // On a phone the words wrap instead of being cut ("Sign in with Google to a").
            h="auto"
            mih={42}
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          >
            Sign in with Google to accept
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <CenteredLayout>
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={520}>
        <Stack gap="md">
          <Title order={1} fz={24}>
            Team invitation
          </Title>
          {body}
        </Stack>
      </Paper>
    </CenteredLayout>
  );
}
