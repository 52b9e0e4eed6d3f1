import { Anchor, Box, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from '@tanstack/react-router';
import type { CurrentUser } from '../../auth/auth-client';
import { DashboardHeader } from '../../components/dashboard-header/DashboardHeader';
import { BillingSettings } from './BillingSettings';
import { ChannelSettings } from './ChannelSettings';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { EmailSettings } from './EmailSettings';
import { TeamSettings } from './TeamSettings';

const memberSince = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** The account page for a signed-in user. */
export function AccountSettings({ user }: { user: CurrentUser }) {
  const [deleting, deleteDialog] = useDisclosure(false);
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

          <BillingSettings user={user} />

          {!user.team && <ChannelSettings />}

          <TeamSettings user={user} />

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
