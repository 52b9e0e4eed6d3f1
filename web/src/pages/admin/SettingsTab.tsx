import { Alert, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { trpc } from '../../api/trpc';
import type { AdminSettings } from './admin-types';

/** The settings tab's static cards. AI Title Generation is shown as it is: Titlewise does not generate titles. */
const staticCards = [
  { label: 'A/B Testing', value: 'Enabled', note: 'Title rotation on a balanced schedule' },
  { label: 'AI Title Generation', value: 'Not available', note: 'Creators write their own title variants' },
  { label: 'Default Test Interval', value: '1 Hour Minimum', note: 'Intervals from 1 to 24 hours' },
  { label: 'Authority Analytics', value: 'Premium Only', note: 'Authority and Lifetime plans' },
];

const statusColor: Record<AdminSettings['security'][number]['status'], string> = {
  active: 'teal',
  warning: 'yellow',
  inactive: 'gray',
  external: 'blue',
};
const statusLabel: Record<AdminSettings['security'][number]['status'], string> = {
  active: 'Active',
  warning: 'Needs attention',
  inactive: 'Not configured',
  external: 'Managed by your host',
};
const integrationLabel = {
  youtube: { google: 'Google (YouTube APIs)', simulator: 'Built-in YouTube simulator' },
  payments: {
    'stripe-live': 'Stripe (live mode)',
    'stripe-test': 'Stripe (test mode)',
    simulated: 'Simulated checkout (no Stripe key)',
  },
} as const;

/** The settings tab: static cards, and security items read from this deployment's configuration. */
export function SettingsTab() {
  const settings = trpc.admin.settings.useQuery();
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="lg">
        {staticCards.map((card) => (
          <Card key={card.label} padding="lg" component="section" aria-label={card.label}>
            <Text fz="sm" c="dimmed" fw={600}>
              {card.label}
            </Text>
            <Text fz="xl" fw={800} mt={4}>
              {card.value}
            </Text>
            <Text fz="xs" c="dimmed" mt={4}>
              {card.note}
            </Text>
          </Card>
        ))}
      </SimpleGrid>

      <Card padding="lg" component="section" aria-labelledby="security-status">
        <Title order={2} fz="lg" id="security-status" mb="sm">
          Security status
        </Title>
        {settings.isPending && <Skeleton h={160} />}
        {settings.isError && (
          <Alert color="red" title="Could not load the security status">
            {settings.error.message}
          </Alert>
        )}
        {settings.data && (
          <Stack gap="sm">
            {settings.data.security.map((item) => (
              <Group
                key={item.key}
                justify="space-between"
                align="flex-start"
                wrap="nowrap"
                data-security-item={item.key}
              >
                <div>
                  <Text fw={600} fz="sm">
                    {item.label}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {item.detail}
                  </Text>
                </div>
                <Badge color={statusColor[item.status]} variant="light" style={{ flexShrink: 0 }}>
                  {statusLabel[item.status]}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
      </Card>

      {settings.data && (
        <Card padding="lg" component="section" aria-labelledby="integrations">
          <Title order={2} fz="lg" id="integrations" mb="sm">
            Integrations
          </Title>
          <Text fz="sm">YouTube: {integrationLabel.youtube[settings.data.integrations.youtube]}</Text>
          <Text fz="sm">Payments: {integrationLabel.payments[settings.data.integrations.payments]}</Text>
        </Card>
      )}
    </Stack>
  );
}
