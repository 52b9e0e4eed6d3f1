import { Badge, Box, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { formatCompact, formatWentLiveAgo, formatCtr, formatDuration } from '../../../lib/format';
import type { RotationLog } from '../../../api/test-types';
import { ExpectedTime } from '../../../components/ExpectedTime';
import { formatClockTime } from '../../../lib/expected-time';
import { FigureSourceTag } from './FigureSourceTag';
import { WRAP_WORDS } from '../../../lib/text-wrap';
import type { VariantLook } from '../../../components/variants/test-variants';
import { variantName } from '../../../components/variants/variant-name';
import { VariantThumbnail } from '../../../components/variants/VariantThumbnail';
import { cardHeadings } from './card-headings';

function HistoryRow({
  log,
  now,
  kind = 'titles',
  thumbnails,
}: { log: RotationLog; now: Date } & VariantLook) {
  const activatedAt = log.activatedAt ? new Date(log.activatedAt) : null;
  // A thumbnail or package test's rotation is named by its variant ("Thumbnail 2"), found by its image.
  const index = log.thumbnailUrl ? (thumbnails?.indexOf(log.thumbnailUrl) ?? -1) : -1;
  const name = kind !== 'titles' && index >= 0 ? variantName(kind, index) : log.title;
  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      component="li"
      bg={log.analysis === 'excluded' ? 'gray.0' : undefined}
    >
      {/* On a phone the figures wrap under the title rather than squeezing it letter by letter. */}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Badge variant="light" radius="sm" size="lg" aria-label={`Rotation ${log.order}`}>
            #{log.order}
          </Badge>
          {/* Decorative when the line below names the variant; named when it cannot. */}
          <VariantThumbnail url={log.thumbnailUrl} alt={index >= 0 ? '' : 'Thumbnail'} width={80} />
          <Box style={{ minWidth: 0 }}>
            <Text fw={600} fz="sm" style={WRAP_WORDS}>
              {log.titleText}
            </Text>
            <Text fz="xs" c="dimmed">
              {name} · {activatedAt ? formatClockTime(activatedAt) : 'Not activated'}
            </Text>
            <Text fz="xs" c={activatedAt ? 'teal.9' : 'dimmed'} fw={500}>
              {activatedAt ? formatWentLiveAgo(activatedAt, now) : 'Waiting for activation'}
            </Text>
            {log.ctrExpectedAt && (
              <Text fz="xs" c="gray.7">
                CTR expected <ExpectedTime at={log.ctrExpectedAt} now={now} />
              </Text>
            )}
            {log.durationExpectedAt && (
              <Text fz="xs" c="gray.7">
                Avg duration expected <ExpectedTime at={log.durationExpectedAt} now={now} />
              </Text>
            )}
            {log.analysis === 'excluded' && (
              <Text fz="xs" c="gray.7">
                <b>Not counted</b> by the verdict or any total: {log.excludedReason}
              </Text>
            )}
          </Box>
        </Group>
        <Stack gap={2} align="flex-end" style={{ flexShrink: 0, marginLeft: 'auto' }}>
          <Text fz="xs">
            <b>{log.viewsAtRotation === null ? '—' : formatCompact(log.viewsAtRotation)}</b> views
          </Text>
          <Group gap={4} wrap="nowrap">
            <Text fz="xs">
              CTR <b>{log.ctrAtRotation === null ? '—' : formatCtr(log.ctrAtRotation)}</b>
            </Text>
            <FigureSourceTag source={log.ctrSource} />
          </Group>
          <Group gap={4} wrap="nowrap">
            <Text fz="xs">
              Avg <b>{log.averageViewDuration === null ? '—' : formatDuration(log.averageViewDuration)}</b>
            </Text>
            <FigureSourceTag source={log.durationSource} />
          </Group>
        </Stack>
      </Group>
    </Paper>
  );
}

/**
 * 'Title Rotation History': every rotation, newest first, in a scrolling box; a pending figure says
 * when it is expected, and a rotation the verdict leaves out says so and why (muted).
 */
export function RotationHistory({ logs, now, ...look }: { logs: RotationLog[]; now: Date } & VariantLook) {
  const ordered = [...logs].sort((a, b) => b.order - a.order);
  const headings = cardHeadings(look.kind);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={headings.history}>
      <Title order={4} fz="sm" mb="sm">
        {headings.history}
      </Title>
      {ordered.length === 0 ? (
        <Text c="dimmed" fz="sm" ta="center" py="lg">
          {headings.noRotations}
        </Text>
      ) : (
        <ScrollArea.Autosize
          mah={320}
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, 'aria-label': 'Rotation history list' }}
        >
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {ordered.map((log) => (
              <HistoryRow key={log.order} log={log} now={now} {...look} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Paper>
  );
}
