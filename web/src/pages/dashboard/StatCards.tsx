import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { formatCompact, formatCtr } from '../../lib/format';
import type { DashboardStats } from './types';

interface StatCardProps {
  label: string;
  value: string | undefined;
  hint: string;
}

function StatCard({ label, value, hint }: StatCardProps) {
  return (
    <Card padding="lg" radius="lg" component="section" aria-label={label}>
      <Text fz="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={34} w="50%" mt={6} />
      ) : (
        <Text fz={30} fw={800} lh={1.2} mt={4}>
          {value}
        </Text>
      )}
      <Text fz="xs" c="dimmed" mt={4}>
        {hint}
      </Text>
    </Card>
  );
}

/** SPEC §2: Active Tests, Total Views (compact), Avg CTR (1 decimal), Completed Tests. */
export function StatCards({ stats }: { stats: DashboardStats | undefined }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', md: 'lg' }} mb="xl">
      <StatCard
        label="Active Tests"
        value={stats ? String(stats.activeTests) : undefined}
        hint="Rotating now"
      />
      <StatCard
        label="Total Views"
        value={stats ? formatCompact(stats.totalViews) : undefined}
        hint="Measured, during tests"
      />
      <StatCard
        label="Avg CTR"
        value={stats ? (stats.avgCtr === null ? '—' : formatCtr(stats.avgCtr)) : undefined}
        hint={stats?.avgCtr === null ? 'Waiting for YouTube’s daily data' : 'From YouTube’s daily reports'}
      />
      <StatCard
        label="Completed Tests"
        value={stats ? String(stats.completedTests) : undefined}
        hint="All time"
      />
    </SimpleGrid>
  );
}
