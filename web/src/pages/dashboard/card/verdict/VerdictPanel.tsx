import { Badge, Group, Paper, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import type { VerdictView } from '../../types';
import { AdjustedFigures } from './AdjustedFigures';
import { RawFigures } from './RawFigures';
import { SampleProgress } from './SampleProgress';
import { VerdictBadge } from './VerdictBadge';
import { VerdictNotes } from './VerdictNotes';
import { metricWords } from './verdict-format';

type FigureMode = 'adjusted' | 'raw';
const modes = [
  { value: 'adjusted', label: 'Adjusted' },
  { value: 'raw', label: 'Raw' },
];

interface VerdictPanelProps {
  /** Undefined while the test's analytics load. */
  verdict: VerdictView | undefined;
  titles: string[];
}

/** "Which title is winning": the statistics engine's verdict, per-title figures and progress. */
export function VerdictPanel({ verdict, titles }: VerdictPanelProps) {
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
              <VerdictBadge verdict={verdict.verdict} />
              {verdict.final && (
                <Text fz="xs" c="dimmed">
                  Decided at the end of the test
                </Text>
              )}
            </Group>
            <Text fz="sm">{verdict.reason}</Text>
            <Text fz="xs" c="dimmed">
              Judged on {metricWords[verdict.metric]}.
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
            {mode === 'adjusted' ? (
              <Text fz="xs" c="dimmed">
                Adjusted for the time of day and the video’s age, relative to Title 1.
              </Text>
            ) : (
              <Text fz="xs" c="dimmed">
                Raw averages mislead: views swing with the time of day and fall as a video ages, so whichever
                title held the busier hours looks better.
              </Text>
            )}
            {mode === 'adjusted' ? (
              <AdjustedFigures verdict={verdict} />
            ) : (
              <RawFigures raw={verdict.raw} titles={titles} />
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
