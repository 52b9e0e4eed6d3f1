import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { CenteredLayout } from '../../components/CenteredLayout';
import { ShieldIcon } from '../../components/icons';

export function AccessDenied() {
  return (
    <CenteredLayout backLink={false}>
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={440}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden>
            <ShieldIcon width={28} height={28} />
          </ThemeIcon>
          <Title order={1} fz={24}>
            Access Denied
          </Title>
          <Text c="dimmed">You don't have admin privileges.</Text>
          <Button renderRoot={(props) => <Link to="/dashboard" {...props} />}>Go to Dashboard</Button>
        </Stack>
      </Paper>
    </CenteredLayout>
  );
}
