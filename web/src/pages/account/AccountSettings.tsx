import { Anchor, Badge, Box, Button, Card, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import { GRANT_MAX_AGE_DAYS } from '../../../../src/shared/data-retention';
import type { CurrentUser } from '../../auth/auth-client';
import { DashboardHeader } from '../dashboard/DashboardHeader';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { EmailSettings } from './EmailSettings';

const memberSince = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The account page for a signed-in user. */
export function AccountSettings({ user }: { user: CurrentUser }) {
  const [deleting, deleteDialog] = useDisclosure(false);
  const disconnected = user.channelStatus === 'disconnected';
  return (
    <Box mih="100vh" bg="gray.0">
      <DashboardHeader user={user} />
      <Container size="sm" py={{ base: 'md', md: 'xl' }} component="main">
        <Stack gap="lg">
          <div>
            <Anchor component={Link} to="/dashboard" fz="sm">
              ← Back to the dashboard
            </Anchor>
            <Title order={1} fz={{ base: 24, md: 30 }} mt="xs">
              Account
            </Title>
          </div>

          <Card withBorder padding="lg" component="section" aria-labelledby="account-you">
            <Title order={2} fz="lg" id="account-you" mb="xs">
              You
            </Title>
            <Text fw={600}>{user.name}</Text>
            <Text c="dimmed">{user.email}</Text>
            <Text c="dimmed" fz="sm" mt="xs">
              Member since {memberSince.format(new Date(user.createdAt))}
            </Text>
          </Card>

          <Card withBorder padding="lg" component="section" aria-labelledby="account-channel">
            <Group justify="space-between" mb="xs">
              <Title order={2} fz="lg" id="account-channel">
                YouTube channel
              </Title>
              {user.channelStatus && (
                <Badge color={disconnected ? 'red' : 'teal'} variant="light">
                  {disconnected ? 'Access lost' : 'Connected'}
                </Badge>
              )}
            </Group>
            <Text>{user.youtubeChannelTitle ?? 'No channel connected.'}</Text>
            {disconnected && (
              <Text c="red.8" fz="sm" mt="xs">
                Google no longer accepts Titlewise’s access. Sign in with Google again to reconnect.
              </Text>
            )}
            <Text c="dimmed" fz="sm" mt="xs">
              Titlewise keeps your channel’s figures only while Google’s access is current, and checks it
              again before it is {GRANT_MAX_AGE_DAYS} days old. If access stays lost for {GRANT_MAX_AGE_DAYS}{' '}
              days, the channel’s tests and figures are deleted, as YouTube’s data policy requires.
            </Text>
          </Card>

          <EmailSettings />

          <Card
            withBorder
            padding="lg"
            component="section"
            aria-labelledby="account-delete"
            style={{ borderColor: 'var(--mantine-color-red-3)' }}
          >
            <Title order={2} fz="lg" id="account-delete" mb="xs">
              Delete your account
            </Title>
            <Text fz="sm">
              Running tests stop and their original titles go back on YouTube first. Then your tests, their
              figures and Titlewise’s access to your Google account are removed for good.
            </Text>
            {user.isDemo ? (
              <Text c="dimmed" fz="sm" mt="sm">
                The demo account cannot be deleted: it is removed by itself a day after it opened.
              </Text>
            ) : (
              <Button color="red.9" variant="outline" mt="md" w="fit-content" onClick={deleteDialog.open}>
                Delete account…
              </Button>
            )}
          </Card>
        </Stack>
      </Container>
      <DeleteAccountDialog user={user} opened={deleting} onClose={deleteDialog.close} />
    </Box>
  );
}
