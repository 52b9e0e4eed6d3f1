import { Accordion, List, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { VARIANT_NOUN } from '#shared/test-kinds';
import { isMeasuredPerDay } from '#shared/test-shapes';
import type { VerdictView } from '../../api/test-types';
import type { VariantLook } from '../variants/test-variants';
import { variantName } from '../variants/variant-name';
import { AdjustedFigures } from './AdjustedFigures';
import { RawFigures } from './RawFigures';
import { VerdictNotes } from './VerdictNotes';
import { formatPValue, formatProgressItem, liftLabel, methodWords } from './verdict-format';

type FigureMode = 'adjusted' | 'raw';
const modes = [
  { value: 'adjusted', label: 'Adjusted' },
  { value: 'raw', label: 'Raw' },
];
const ITEM = 'statistics';

/** Why raw averages mislead, in the terms of the metric the test is judged on. */
function rawCaveat(metric: VerdictView['metric']): string {
  return isMeasuredPerDay(metric)
    ? 'Raw averages mislead: traffic changes from day to day and falls as a video ages, so whichever title held the better days looks better.'
    : 'Raw averages mislead: views swing with the time of day and fall as a video ages, so whichever title held the busier hours looks better.';
}

/** Each figure behind the disclosure, with one line on what it means. */
const GLOSSARY: Array<{ term: string; meaning: string }> = [
  {
    term: liftLabel(),
    meaning:
      'How much better or worse than the original a title did, adjusted for when it was live; the true difference lies in the interval 95 times in 100.',
  },
  {
    term: 'Chance to be best',
    meaning: 'How likely it is, given the figures so far, that this title is truly the best of all.',
  },
  {
    term: 'Expected loss',
    meaning:
      'How much you would give up on average, in percent of the metric, by picking this title if another is truly better.',
  },
];

/** A figure of the whole test with its one-line explanation, as a term of a description list. */
function Explained({ term, value, meaning }: { term: string; value: string; meaning: string }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed">
        {term}
      </Text>
      <Text component="dd" fz="sm" fw={700} m={0}>
        {value}
      </Text>
      <Text component="dd" fz="xs" c="dimmed" m={0}>
        {meaning}
      </Text>
    </div>
  );
}

/**
 * Everything statistical about the verdict, one click away (issue 24, item 8): the engine's own
 * words, the p-value and method, each title's figures (adjusted or raw), what each figure means,
 * the minimums, and the notes. Closed by default; the control is a button with aria-expanded.
 */
export function StatisticsDisclosure({
  verdict,
  titles,
  ...look
}: { verdict: VerdictView; titles: string[] } & VariantLook) {
  const [open, setOpen] = useState<string | null>(null);
  const [mode, setMode] = useState<FigureMode>('adjusted');
  const expanded = open === ITEM;
  const ended = verdict.stage !== 'running';
  return (
    <Accordion value={open} onChange={setOpen} variant="contained" radius="md" chevronPosition="right">
      <Accordion.Item value={ITEM}>
        <Accordion.Control>
          <Text fz="sm" fw={600} component="span">
            {expanded ? 'Hide the statistics' : 'Show the statistics'}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={5} fz="xs">
                The engine’s reading
              </Title>
              <Text fz="sm">{verdict.reason}</Text>
              {ended && verdict.moreDaysNeeded !== null && (
                <Text fz="sm">
                  A test about {verdict.moreDaysNeeded} day{verdict.moreDaysNeeded === 1 ? '' : 's'} longer
                  would likely have settled it.
                </Text>
              )}
            </Stack>
            <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
              <Explained
                term="p-value of the leader’s lead"
                value={verdict.pValue === null ? '—' : formatPValue(verdict.pValue)}
                meaning="How often schedules drawn at random would show a lead this large if the titles made no difference. A winner needs 3% or less at the end, 0.1% or less before it."
              />
              <Explained
                term="Method"
                value={methodWords(verdict.method)}
                meaning="The schedule was drawn at random; redrawing it with other seeds shows how large a lead chance alone gives on this very traffic."
              />
            </SimpleGrid>
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
                  ? `Adjusted for when each ${VARIANT_NOUN[look.kind ?? 'titles'].toLowerCase()} was live and for the video’s age, relative to ${variantName(look.kind ?? 'titles', 0)}.`
                  : rawCaveat(verdict.metric)}
              </Text>
              {mode === 'adjusted' ? (
                <AdjustedFigures verdict={verdict} titles={titles} {...look} />
              ) : (
                <RawFigures raw={verdict.raw} titles={titles} metric={verdict.metric} {...look} />
              )}
            </Stack>
            <Stack gap={4}>
              <Title order={5} fz="xs">
                What these figures mean
              </Title>
              <Stack component="dl" gap={4} m={0}>
                {GLOSSARY.map((entry) => (
                  <div key={entry.term}>
                    <Text component="dt" fz="xs" fw={600}>
                      {entry.term === liftLabel() ? liftLabel(look.kind) : entry.term}
                    </Text>
                    <Text component="dd" fz="xs" c="dimmed" m={0}>
                      {entry.meaning}
                    </Text>
                  </div>
                ))}
              </Stack>
            </Stack>
            <Stack gap={4}>
              <Title order={5} fz="xs">
                Minimums and plan
              </Title>
              <List size="xs" spacing={2} c="dimmed" aria-label="Minimums and plan">
                {verdict.progress.items.map((item) => (
                  <List.Item key={item.label}>{formatProgressItem(item)}</List.Item>
                ))}
              </List>
            </Stack>
            <VerdictNotes notes={verdict.notes} />
          </Stack>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
