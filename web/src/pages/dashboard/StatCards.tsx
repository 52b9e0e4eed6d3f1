import { SimpleGrid } from '@mantine/core';
import { StatCard } from '../../components/StatCard';
import { formatCompact, formatCtr } from '../../lib/format';
import type { DashboardStats } from '../../api/test-types';

/** Active Tests, Total Views (compact), Avg CTR (1 decimal), Completed Tests (docs/product.md#dashboard). */
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
