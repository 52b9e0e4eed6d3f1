import { Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { VARIANT_NOUN } from '#shared/test-kinds';
import { isMeasuredPerDay, METRIC_WORDS } from '#shared/test-shapes';
import type { TestAnalytics, VerdictView } from '../../api/test-types';
import { ExpectedTime } from '../ExpectedTime';
import type { VariantLook } from '../variants/test-variants';
import { LiftBars } from './LiftBars';
import { SampleProgress } from './SampleProgress';
import { StatisticsDisclosure } from './StatisticsDisclosure';
import { VerdictBadge } from './VerdictBadge';
import { formatMoreDaysNeeded, summarizeVerdict } from './verdict-format';

interface VerdictPanelProps extends VariantLook {
  /** Undefined while the test's analytics load. */
  verdict: VerdictView | undefined;
  /** When the verdict is expected (with the analytics). */
  expected: TestAnalytics['expected'] | undefined;
  now: Date;
  titles: string[];
}

/** When the final verdict comes: at the end (views), or once YouTube's last daily figures are in. */
function VerdictTiming({
  verdict,
  expected,
  now,
}: {
  verdict: VerdictView;
  expected: TestAnalytics['expected'];
  now: Date;
}) {
  const { verdictAt, verdictDeadline } = expected;
  if (!verdictAt) return null;
  const deadline = verdictDeadline && verdictDeadline !== verdictAt && (
    <>
      {' '}
      (at the latest <ExpectedTime at={verdictDeadline} now={now} />)
    </>
  );
  if (verdict.awaitingFinalData)
    return (
      <Text fz="sm">
        Verdict expected <ExpectedTime at={verdictAt} now={now} />, when the daily import brings YouTube’s
        figures for the test’s last day{deadline}.
      </Text>
    );
  return isMeasuredPerDay(verdict.metric) ? (
    <Text fz="sm">
      Final verdict expected <ExpectedTime at={verdictAt} now={now} />: after the end date, once YouTube’s
      figures for the last day are in{deadline}.
    </Text>
  ) : (
    <Text fz="sm">
      Final verdict at the end of the test: <ExpectedTime at={verdictAt} now={now} />.
    </Text>
  );
}

/**
 * "Which title is winning" (issue 24, item 8): a headline a creator reads in ten seconds — which
 * title is (or will be) live and why — then each title's lift in plain words with a bar, and how far
 * the test has got. The statistics sit one click away, behind "Show the statistics".
 */
export function VerdictPanel({ verdict, expected, now, titles, ...look }: VerdictPanelProps) {
  const headingId = useId();
  const kind = look.kind ?? 'titles';
  const summary = verdict ? summarizeVerdict(verdict, kind) : null;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={4} fz="sm" id={headingId}>
          Which {VARIANT_NOUN[kind].toLowerCase()} is winning
        </Title>
        <Badge variant="light" color="gray" size="sm">
          Titlewise’s own calculation
        </Badge>
      </Group>
      {verdict && summary ? (
        <Stack gap="md">
          <Stack gap={6}>
            <Group gap="xs">
              <VerdictBadge verdict={verdict} />
              {verdict.final && (
                <Text fz="xs" c="dimmed">
                  Decided at the end of the test
                </Text>
              )}
            </Group>
            <Text component="p" fz="lg" fw={700} m={0} data-testid="verdict-headline">
              {summary.headline}
            </Text>
            <Text fz="sm">{summary.why}</Text>
            {summary.live && (
              <Text fz="sm" fw={600}>
                {summary.live}
              </Text>
            )}
            {verdict.stage === 'running' && verdict.moreDaysNeeded !== null && (
              <Text fz="sm">{formatMoreDaysNeeded(verdict.moreDaysNeeded)}.</Text>
            )}
            {expected && <VerdictTiming verdict={verdict} expected={expected} now={now} />}
            <Text fz="xs" c="dimmed">
              Judged on {METRIC_WORDS[verdict.metric]}.
            </Text>
          </Stack>
          <LiftBars verdict={verdict} titles={titles} {...look} />
          <SampleProgress progress={verdict.progress} />
          <StatisticsDisclosure verdict={verdict} titles={titles} {...look} />
        </Stack>
      ) : (
        <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading the verdict">
          <Skeleton h={26} w={180} radius="sm" />
          <Skeleton h={14} radius="sm" />
          <Skeleton h={120} radius="md" />
        </Stack>
      )}
    </Paper>
  );
}
