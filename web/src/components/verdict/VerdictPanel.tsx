import { Badge, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { isMeasuredPerDay, METRIC_WORDS } from '../../../../src/shared/test-shapes';
import type { TestAnalytics, VerdictView } from '../../api/test-types';
import { ExpectedTime } from '../ExpectedTime';
import { AdjustedFigures } from './AdjustedFigures';
import { RawFigures } from './RawFigures';
import { SampleProgress } from './SampleProgress';
import { VerdictBadge } from './VerdictBadge';
import { VerdictNotes } from './VerdictNotes';
import { formatMoreDaysNeeded } from './verdict-format';

type FigureMode = 'adjusted' | 'raw';
const modes = [
  { value: 'adjusted', label: 'Adjusted' },
  { value: 'raw', label: 'Raw' },
];

/** Why raw averages mislead, in the terms of the metric the test is judged on. */
function rawCaveat(metric: VerdictView['metric']): string {
  return isMeasuredPerDay(metric)
    ? 'Raw averages mislead: traffic changes from day to day and falls as a video ages, so whichever title held the better days looks better.'
    : 'Raw averages mislead: views swing with the time of day and fall as a video ages, so whichever title held the busier hours looks better.';
}

interface VerdictPanelProps {
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

/** "Which title is winning": the statistics engine's verdict, per-title figures and progress. */
export function VerdictPanel({ verdict, expected, now, titles }: VerdictPanelProps) {
  const headingId = useId();
  const [mode, setMode] = useState<FigureMode>('adjusted');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="xs" mb="sm">
        <Title order={4} fz="sm" id={headingId}>
          Which title is winning
        </Title>
        <Badge variant="light" color="gray" size="sm">
          Titlewise’s own calculation
        </Badge>
      </Group>
      {verdict ? (
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
            {verdict.awaitingFinalData && (
              <Text fz="sm" fw={600}>
                Waiting for YouTube’s final figures — the original title is live until the verdict.
              </Text>
            )}
            {expected && verdict.awaitingFinalData && (
              <VerdictTiming verdict={verdict} expected={expected} now={now} />
            )}
            <Text fz="sm">{verdict.reason}</Text>
            {verdict.moreDaysNeeded !== null && (
              <Text fz="sm">{formatMoreDaysNeeded(verdict.moreDaysNeeded)}.</Text>
            )}
            {expected && !verdict.awaitingFinalData && (
              <VerdictTiming verdict={verdict} expected={expected} now={now} />
            )}
            <Text fz="xs" c="dimmed">
              Judged on {METRIC_WORDS[verdict.metric]}.
            </Text>
          </Stack>
          <Stack gap="xs">
            <SegmentedControl
              value={mode}
              onChange={(value) => setMode(value as FigureMode)}
              data={modes}
              size="xs"
              w={{ base: '100%', xs: 240 }}
              aria-label="Figures shown"
            />
            <Text fz="xs" c="dimmed">
              {mode === 'adjusted'
                ? 'Adjusted for when each title was live and for the video’s age, relative to Title 1.'
                : rawCaveat(verdict.metric)}
            </Text>
            {mode === 'adjusted' ? (
              <AdjustedFigures verdict={verdict} />
            ) : (
              <RawFigures raw={verdict.raw} titles={titles} metric={verdict.metric} />
            )}
          </Stack>
          <SampleProgress progress={verdict.progress} />
          <VerdictNotes notes={verdict.notes} />
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
