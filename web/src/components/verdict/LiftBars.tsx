import { Badge, Box, Group, Paper, Stack, Text } from '@mantine/core';
import type { VerdictTitle, VerdictView } from '../../api/test-types';
import { formatLiftInWords } from './verdict-format';
import { WRAP_WORDS } from '../../lib/text-wrap';
import type { VariantLook } from '../variants/test-variants';
import { variantName } from '../variants/variant-name';
import { VariantThumbnail } from '../variants/VariantThumbnail';
import { VariantList } from '../variants/VariantList';

/** The scale's half-width in percent: the widest interval end, at least ±10%. */
function scaleOf(titles: readonly VerdictTitle[]): number {
  const ends = titles
    .filter((title) => title.titleIndex > 0)
    .flatMap((title) => [Math.abs(title.liftLowPercent), Math.abs(title.liftHighPercent)]);
  return Math.max(10, ...ends.filter((value) => Number.isFinite(value)));
}

/** Where a lift sits on a bar whose middle is 0 (no difference from the original). */
const position = (value: number, scale: number): string =>
  `${Math.min(100, Math.max(0, ((value + scale) / (2 * scale)) * 100))}%`;

/** Green when the whole interval is above the original, red when below, grey when it straddles it. */
function colorOf(title: VerdictTitle): string {
  if (title.liftLowPercent > 0) return 'var(--mantine-color-teal-7)';
  if (title.liftHighPercent < 0) return 'var(--mantine-color-red-7)';
  return 'var(--mantine-color-gray-6)';
}

/** A line from the low to the high end of the interval, a dot at the estimate, a tick at 0. Decorative: the words say it. */
function LiftBar({ title, scale }: { title: VerdictTitle; scale: number }) {
  const left = position(title.liftLowPercent, scale);
  const right = position(title.liftHighPercent, scale);
  const color = colorOf(title);
  return (
    <Box aria-hidden pos="relative" h={14} mt={6} data-testid="lift-bar">
      <Box pos="absolute" top={6} left={0} right={0} h={2} bg="gray.2" />
      <Box pos="absolute" top={0} h={14} w={1} bg="gray.6" style={{ left: '50%' }} />
      <Box
        pos="absolute"
        top={4}
        h={6}
        style={{ left, width: `calc(${right} - ${left})`, background: color, borderRadius: 3, opacity: 0.45 }}
      />
      <Box
        pos="absolute"
        top={2}
        w={10}
        h={10}
        style={{
          left: `calc(${position(title.liftPercent, scale)} - 5px)`,
          background: color,
          borderRadius: '50%',
        }}
      />
    </Box>
  );
}

/**
 * Per title, in plain words, how it does against the original ("+12% views per hour, likely
 * between +5% and +19%") with a bar of the same: the part of the verdict a creator reads. The
 * statistics behind it are in the disclosure below. Before any figures, a thumbnail or package test
 * lists its variants as made (a title test's card is left as it always was).
 */
export function LiftBars({
  verdict,
  titles,
  kind = 'titles',
  thumbnails,
}: { verdict: VerdictView; titles: string[] } & VariantLook) {
  if (verdict.titles.length === 0)
    return kind === 'titles' ? null : <VariantList kind={kind} titles={titles} thumbnails={thumbnails} />;
  const scale = scaleOf(verdict.titles);
  const mark = (title: VerdictTitle): string | null => {
    if (verdict.verdict === 'winner' && title.titleIndex === verdict.winnerTitleIndex) return 'Winner';
    if (title.titleIndex !== verdict.recommendedTitleIndex || title.titleIndex === 0) return null;
    return verdict.stage === 'running' ? 'Would go live' : 'Went live';
  };
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Lift per title">
      {verdict.titles.map((title) => {
        const badge = mark(title);
        return (
          <Paper component="li" key={title.titleIndex} withBorder p="sm" radius="md">
            <Group gap="xs" wrap="nowrap" justify="space-between" align="flex-start">
              {/* Decorative: the name beside it says which variant it is (and the card's summary names it). */}
              <VariantThumbnail url={thumbnails?.[title.titleIndex]} alt="" />
              <Box style={{ minWidth: 0, flex: 1 }}>
                <Text fz="xs" c="dimmed" fw={600}>
                  {variantName(kind, title.titleIndex)}
                  {title.titleIndex === 0 ? ' (the original)' : ''}
                </Text>
                <Text fz="sm" fw={600} style={WRAP_WORDS}>
                  {titles[title.titleIndex] ?? title.title}
                </Text>
              </Box>
              {badge && (
                <Badge color="teal" variant="light" size="sm" style={{ flexShrink: 0 }}>
                  {badge}
                </Badge>
              )}
            </Group>
            {title.titleIndex === 0 ? (
              <Text fz="sm" mt={4}>
                The others are compared with this one.
              </Text>
            ) : (
              <>
                <Text fz="sm" mt={4} fw={500}>
                  {formatLiftInWords(title, verdict.metric)}
                </Text>
                <LiftBar title={title} scale={scale} />
                <Group justify="space-between" aria-hidden>
                  <Text fz={10} c="dimmed">
                    worse
                  </Text>
                  <Text fz={10} c="dimmed">
                    same as the original
                  </Text>
                  <Text fz={10} c="dimmed">
                    better
                  </Text>
                </Group>
              </>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
