import { Badge, Box, Button, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { trpc } from '../../api/trpc';
import { Logo } from '../../components/Logo';
import { healthColor } from './health';
import { OverviewTab } from './OverviewTab';
import { AuditTab } from './AuditTab';
import { SettingsTab } from './SettingsTab';
import { TestsTab } from './TestsTab';
import { UsersTab } from './UsersTab';

/**
 * /admin once access is confirmed (docs/product.md#admin-console): header with platform status and
 * Exit Admin; four tabs.
 */
export function AdminConsole() {
  const metrics = trpc.admin.metrics.useQuery();
  const health = metrics.data?.platformHealth;
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              <Logo to="/dashboard" compact />
              <Badge color="dark" variant="filled">
                Admin
              </Badge>
            </Group>
            <Group gap="sm" wrap="nowrap">
              <Group gap={6} wrap="nowrap" aria-live="polite">
                <Text fz="sm" c="dimmed" visibleFrom="sm">
                  Platform status
                </Text>
                <Badge
                  size="lg"
                  color={health ? healthColor[health] : 'gray'}
                  variant="filled"
                  aria-label={`Platform status: ${health ?? 'checking'}`}
                >
                  {health ?? 'Checking...'}
                </Badge>
              </Group>
              <Button variant="default" renderRoot={(props) => <Link to="/dashboard" {...props} />}>
                Exit Admin
              </Button>
            </Group>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main">
        <Title order={1} fz={28} mb="lg">
          Admin console
        </Title>
        <Tabs defaultValue="overview" variant="outline" keepMounted={false}>
          <Tabs.List mb="lg">
            <Tabs.Tab value="overview">Overview</Tabs.Tab>
            <Tabs.Tab value="users">Users</Tabs.Tab>
            <Tabs.Tab value="tests">Tests</Tabs.Tab>
            <Tabs.Tab value="audit">Audit log</Tabs.Tab>
            <Tabs.Tab value="settings">Settings</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview">
            <OverviewTab metrics={metrics.data} />
          </Tabs.Panel>
          <Tabs.Panel value="users">
            <UsersTab />
          </Tabs.Panel>
          <Tabs.Panel value="tests">
            <TestsTab />
          </Tabs.Panel>
          <Tabs.Panel value="audit">
            <AuditTab />
          </Tabs.Panel>
          <Tabs.Panel value="settings">
            <SettingsTab />
          </Tabs.Panel>
        </Tabs>
      </Container>
    </Box>
  );
}
