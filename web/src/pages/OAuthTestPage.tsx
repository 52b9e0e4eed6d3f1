import {
  Alert,
  Badge,
  Box,
  Button,
  Code,
  Container,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CurrentUser } from '../auth/auth-client';
import { Logo } from '../components/Logo';
import { GOOGLE_SIGN_IN_PATH } from '../auth/google-sign-in';

const USER_PATH = '/api/auth/user';
const scopes = [
  'openid, email, profile',
  'https://www.googleapis.com/auth/youtube.force-ssl',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/yt-analytics.readonly',
];

function UserDetails({ user }: { user: CurrentUser }) {
  const rows: [string, string][] = [
    ['ID', user.id],
    ['Email', user.email],
    ['Name', user.name],
    ['Channel', user.youtubeChannelTitle ?? 'No channel connected'],
    ['Subscription tier', user.subscriptionTier],
    ['Subscription status', user.subscriptionStatus],
  ];
  return (
    <Table withTableBorder withRowBorders verticalSpacing="xs">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w={180}>
              {label}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * /oauth-test (docs/product.md#diagnostic-page): who is signed in, sign-in and logout, and the
 * OAuth set-up.
 */
export default function OAuthTestPage() {
  const queryClient = useQueryClient();
  const status = useQuery<{ user: CurrentUser }>({ queryKey: [USER_PATH] });
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const signedOut = status.isError && status.error.message.startsWith('401');

  const logout = async () => {
    setLogoutError(null);
    try {
      // The diagnostic page signs out with GET; the server accepts it only from its own pages.
      const response = await fetch('/api/auth/logout', { credentials: 'include' });
      if (!response.ok) throw new Error(response.statusText);
      queryClient.clear();
      await status.refetch();
    } catch {
      setLogoutError('Logout failed');
    }
  };

  return (
    <Box mih="100vh" bg="gray.0">
      <Container size="md" py="xl" component="main">
        <Stack gap="lg">
          <Logo />
          <Title order={1} fz={28}>
            OAuth diagnostics
          </Title>
          <Paper withBorder p="lg" radius="lg">
            <Group justify="space-between" mb="md">
              <Title order={2} fz="lg">
                Authentication status
              </Title>
              {status.data && <Badge color="teal.9">Signed in</Badge>}
              {signedOut && <Badge color="gray.7">Not signed in</Badge>}
            </Group>
            {status.isPending && <Text c="dimmed">Checking…</Text>}
            {status.data && <UserDetails user={status.data.user} />}
            {signedOut && <Text c="dimmed">No user is signed in on this browser.</Text>}
            {status.isError && !signedOut && (
              <Alert color="red" title="Failed to check authentication status">
                {status.error.message}
              </Alert>
            )}
            {logoutError && (
              <Alert color="red" mt="md" role="alert">
                {logoutError}
              </Alert>
            )}
            <Group mt="lg">
              <Button onClick={() => window.location.assign(GOOGLE_SIGN_IN_PATH)}>Login with Google</Button>
              <Button variant="default" onClick={() => void logout()}>
                Logout
              </Button>
            </Group>
          </Paper>
          <Paper withBorder p="lg" radius="lg">
            <Title order={2} fz="lg" mb="md">
              OAuth configuration
            </Title>
            <Stack gap="xs">
              <Text>
                Sign-in starts at <Code>{GOOGLE_SIGN_IN_PATH}</Code> (authorization code flow with state and
                PKCE, offline access, consent prompt).
              </Text>
              <Text>
                Redirect URI: <Code>{`${window.location.origin}/api/auth/google/callback`}</Code>
              </Text>
              <Text>Scopes requested:</Text>
              <Stack gap={4} component="ul" pl="lg" m={0}>
                {scopes.map((scope) => (
                  <Text component="li" key={scope} fz="sm" style={{ wordBreak: 'break-all' }}>
                    <Code>{scope}</Code>
                  </Text>
                ))}
              </Stack>
              <Text>
                After sign-in the browser returns to <Code>/auth/callback</Code>; errors return to{' '}
                <Code>/login?error=…</Code>.
              </Text>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
