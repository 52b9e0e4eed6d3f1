import { Alert, Badge, Box, Button, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/Logo';

const tabs = [
  { value: 'overview', label: 'Overview' },
  { value: 'users', label: 'Users' },
  { value: 'tests', label: 'Tests' },
  { value: 'settings', label: 'Settings' },
];

/**
 * The admin console's frame (header, Exit Admin, tabs). The panels — metrics, users, tests,
 * settings — are built by the admin issue on its admin procedures; until then each says so.
 */
export function AdminConsole() {
  return (
    <Box mih="100vh" bg="gray.0">
      <Box component="header" bg="white" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between">
            <Group gap="md">
              <Logo to="/dashboard" />
              <Badge color="dark" variant="filled">
                Admin
              </Badge>
            </Group>
            <Button variant="default" renderRoot={(props) => <Link to="/dashboard" {...props} />}>
              Exit Admin
            </Button>
          </Group>
        </Container>
      </Box>
      <Container size="lg" py="xl" component="main">
        <Title order={1} fz={28} mb="xs">
          Admin console
        </Title>
        <Text c="dimmed" mb="lg">
          Platform status will appear here.
        </Text>
        <Tabs defaultValue="overview" variant="outline">
          <Tabs.List>
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value} pt="lg">
              <Alert color="blue" variant="light" title={`${tab.label}: coming soon`}>
                Your admin access is confirmed. The {tab.label.toLowerCase()} panel of the admin console is
                not built yet.
              </Alert>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </Box>
  );
}
