import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { currentUserQuery } from '../auth/current-user';
import { takeReturnPath } from '../auth/return-path';
import { getStoredSessionToken, setSessionToken } from '../auth/session-token';
import { CenteredLayout } from '../components/CenteredLayout';

const route = getRouteApi('/auth/callback');

/**
 * SPEC §2 /auth/callback: error → /login?error; token → stored, URL cleaned, /dashboard (or the
 * page the visitor signed in from, such as the paywall: auth/return-path.ts).
 */
export default function AuthCallbackPage() {
  const { token, error } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (error) {
      void navigate({ to: '/login', search: { error }, replace: true });
      return;
    }
    if (token) {
      setSessionToken(token);
      // The token must not stay in the address bar or in history.
      window.history.replaceState(window.history.state, '', '/auth/callback');
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      void navigate({ to: takeReturnPath(), replace: true });
      return;
    }
    void navigate({ to: getStoredSessionToken() ? '/dashboard' : '/login', replace: true });
  }, [error, token, navigate, queryClient]);

  return (
    <CenteredLayout backLink={false}>
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={440}>
        <Stack align="center" gap="md" role="status" aria-live="polite">
          <Loader aria-hidden />
          <Title order={1} fz={22}>
            Completing Authentication
          </Title>
          <Text c="dimmed" ta="center">
            Signing you in to Titlewise…
          </Text>
        </Stack>
      </Paper>
    </CenteredLayout>
  );
}
