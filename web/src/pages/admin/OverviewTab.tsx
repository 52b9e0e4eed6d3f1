import { Accordion, Badge, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { StatCard } from '../../components/StatCard';
import { CapacityCard } from './CapacityCard';
import { formatCompact } from '../../lib/format';
import type { AdminMetrics } from './admin-types';
import { changelog } from './changelog';
import { healthColor, levelColor, levelLabel } from './health';

/** The overview tab: Total Users, Active Tests, API Calls Today, Platform Health; the changelog. */
export function OverviewTab({ metrics }: { metrics: AdminMetrics | undefined }) {
  return (
    <Stack gap="xl">
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', md: 'lg' }}>
        <StatCard label="Total Users" value={metrics && String(metrics.totalUsers)} hint="Signed up" />
        <StatCard label="Active Tests" value={metrics && String(metrics.activeTests)} hint="Rotating now" />
        <StatCard
          label="API Calls Today"
          value={metrics && formatCompact(metrics.totalApiCalls)}
          hint={
            metrics
              ? `YouTube units of ${metrics.dailyQuota.toLocaleString('en-US')} (Pacific day)`
              : 'YouTube units'
          }
        />
        <StatCard
          label="Platform Health"
          value={metrics?.platformHealth}
          hint="From the signals below"
          color={metrics ? healthColor[metrics.platformHealth] : undefined}
        />
      </SimpleGrid>

      <CapacityCard />

      <Card padding="lg" component="section" aria-labelledby="health-signals">
        <Title order={2} fz="lg" id="health-signals" mb="sm">
          Health signals
        </Title>
        <Stack gap="xs">
          {(metrics?.healthSignals ?? []).map((signal) => (
            <Group key={signal.key} justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={600} fz="sm">
                  {signal.label}
                </Text>
                <Text fz="sm" c="dimmed">
                  {signal.detail}
                </Text>
              </div>
              <Badge color={levelColor[signal.level]} variant="light">
                {levelLabel[signal.level]}
              </Badge>
            </Group>
          ))}
          {metrics === undefined && <Skeleton h={80} />}
        </Stack>
      </Card>

      <Card padding="lg" component="section" aria-labelledby="changelog">
        <Title order={2} fz="lg" id="changelog" mb="sm">
          Changelog
        </Title>
        <Accordion variant="separated" chevronPosition="right">
          {changelog.map((entry) => (
            <Accordion.Item key={entry.id} value={entry.id}>
              <Accordion.Control>
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Text fw={600}>{entry.title}</Text>
                  <Group gap={6}>
                    <Badge variant="light" color="violet">
                      {entry.type}
                    </Badge>
                    <Badge variant="light" color={entry.status === 'deployed' ? 'teal' : 'yellow'}>
                      {entry.status}
                    </Badge>
                  </Group>
                </Group>
                <Text fz="xs" c="dimmed">
                  {entry.time}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Text fz="sm">{entry.description}</Text>
                <Text fz="xs" c="dimmed" mt="xs">
                  By {entry.author}
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Card>
    </Stack>
  );
}
