import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatCompact, formatCtr, formatDuration } from '../../../lib/format';
import type { TestAnalytics, TitleTest } from '../../../api/test-types';
import { ExpectedTime } from '../../../components/ExpectedTime';
import { FigureSourceTag } from './FigureSourceTag';
import { excludedRotations } from './title-views';
import { WRAP_WORDS } from '../../../lib/text-wrap';
import { cardHeadings } from './card-headings';
import { currentVariantName } from './current-variant';

function Metric({
  label,
  value,
  tag,
  note,
}: {
  label: string;
  value: string;
  tag?: ReactNode;
  note?: ReactNode;
}) {
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0">
      {/* The tag wraps under the label on a phone rather than being cut to "MEAS…". */}
      <Group gap={6} justify="space-between" style={{ rowGap: 2 }}>
        <Text fz="xs" c="dimmed" fw={600}>
          {label}
        </Text>
        {tag}
      </Group>
      <Text fw={700} fz="lg" mt={2} style={WRAP_WORDS}>
        {value}
      </Text>
      {note && (
        <Text fz="xs" c="gray.7" mt={2}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

/**
 * Expanded card figures: Total Views (the windows the verdict counts and the live one), Avg CTR,
 * Avg Duration (m:ss), Current Title (or Thumbnail, Package); a pending one says when it is expected.
 */
export function TestMetrics({
  analytics,
  now,
  test,
}: {
  analytics: TestAnalytics;
  now: Date;
  test: Pick<TitleTest, 'kind' | 'thumbnails' | 'appliedThumbnail'>;
}) {
  const { dataNotes, expected } = analytics;
  // A thumbnail or package test names its live variant; a title test shows the live title's text.
  const current =
    test.kind === 'titles' ? analytics.currentTitle : currentVariantName(test, analytics.rotationLogs);
  const excluded = excludedRotations(analytics.rotationLogs);
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      <Metric
        label="Total Views"
        value={formatCompact(analytics.totalViews)}
        tag={<FigureSourceTag source="measured" />}
        note={
          analytics.totalViews === 0 && expected.nextViewSampleAt ? (
            <>
              Next count <ExpectedTime at={expected.nextViewSampleAt} now={now} />
            </>
          ) : (
            excluded > 0 &&
            `Not counting ${excluded} ${excluded === 1 ? 'rotation' : 'rotations'} the verdict leaves out (see the history)`
          )
        }
      />
      <Metric
        label="Avg CTR"
        value={analytics.averageCtr === null ? '—' : formatCtr(analytics.averageCtr)}
        tag={<FigureSourceTag source={dataNotes.ctrSource} />}
        note={
          analytics.averageCtr === null &&
          expected.ctrAt && (
            <>
              Impressions and CTR expected <ExpectedTime at={expected.ctrAt} now={now} />
            </>
          )
        }
      />
      <Metric
        label="Avg Duration"
        value={analytics.averageViewDuration === null ? '—' : formatDuration(analytics.averageViewDuration)}
        tag={<FigureSourceTag source={dataNotes.durationSource} />}
        note={
          analytics.averageViewDuration === null &&
          expected.durationAt && (
            <>
              Expected <ExpectedTime at={expected.durationAt} now={now} />
            </>
          )
        }
      />
      <Metric label={cardHeadings(test.kind).current} value={current ?? '—'} />
    </SimpleGrid>
  );
}
