import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCompact, formatCtr, formatDuration } from '../../../lib/format';
import type { TestAnalytics } from '../types';
import { FigureSourceTag } from './FigureSourceTag';

function Metric({ label, value, tag }: { label: string; value: string; tag?: ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0">
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text fz="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        {tag}
      </Group>
      <Text fw={700} fz="lg" mt={2} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Paper>
  );
}

/** Expanded card figures: Total Views, Avg CTR, Avg Duration (m:ss), Current Title. */
export function TestMetrics({ analytics }: { analytics: TestAnalytics }) {
  const { dataNotes } = analytics;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Metric
        label="Total Views"
        value={formatCompact(analytics.totalViews)}
        tag={<FigureSourceTag source="measured" />}
      />
      <Metric
        label="Avg CTR"
        value={analytics.averageCtr === null ? '—' : formatCtr(analytics.averageCtr)}
        tag={<FigureSourceTag source={dataNotes.ctrSource} />}
      />
      <Metric
        label="Avg Duration"
        value={analytics.averageViewDuration === null ? '—' : formatDuration(analytics.averageViewDuration)}
        tag={<FigureSourceTag source={dataNotes.durationSource} />}
      />
      <Metric label="Current Title" value={analytics.currentTitle ?? '—'} />
    </SimpleGrid>
  );
}
