import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from '@tanstack/react-router';
import { CenteredLayout } from '../components/CenteredLayout';

/** Any other path: a 404 that names the path the visitor asked for. */
export default function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <CenteredLayout backLink={false}>
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={480}>
        <Stack align="center" ta="center" gap="md">
          <Text fz={56} fw={800} c="violet.7" lh={1}>
            404
          </Text>
          <Title order={1} fz={24}>
            Page not found
          </Title>
          <Text c="dimmed">
            There is no page at <Code style={{ wordBreak: 'break-all' }}>{pathname}</Code>.
          </Text>
          <Group justify="center">
            <Button renderRoot={(props) => <Link to="/" {...props} />}>Go to home</Button>
            <Button variant="default" renderRoot={(props) => <Link to="/dashboard" {...props} />}>
              Go to Dashboard
            </Button>
          </Group>
        </Stack>
      </Paper>
    </CenteredLayout>
  );
}
