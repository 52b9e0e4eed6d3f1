import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { currentUserQuery } from '../auth/current-user';
import { takeReturnPath } from '../auth/return-path';
import { CenteredLayout } from '../components/CenteredLayout';

const route = getRouteApi('/auth/callback');

/**
 * /auth/callback, where Google sign-in comes back: error → /login?error; otherwise the session
 * cookie the server just set decides: signed in → /dashboard (or the page the visitor signed in
 * from, such as the paywall: auth/return-path.ts), else /login. The page takes no token from its
 * URL: a link carrying one could sign the visitor into someone else's account (docs/decisions/0015).
 */
export default function AuthCallbackPage() {
  const { error } = route.useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (error) {
      void navigate({ to: '/login', search: { error }, replace: true });
      return;
    }
    let cancelled = false;
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      const user = await queryClient.fetchQuery(currentUserQuery);
      if (cancelled) return;
      await navigate({ to: user ? takeReturnPath() : '/login', replace: true });
    })();
    return () => {
      cancelled = true;
    };
  }, [error, navigate, queryClient]);

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
