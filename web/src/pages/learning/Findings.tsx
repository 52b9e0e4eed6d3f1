import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { LearningView } from '#server/learning/learning.schemas';
import { FEATURE_VERDICT_WORDS, FEATURE_WORDS, type FeatureVerdict } from '#shared/learning-features';
import { METRIC_WORDS } from '#shared/test-shapes';
import { formatLiftWithInterval } from '../../components/verdict/verdict-format';
import { IntervalBar } from './IntervalBar';

type Finding = LearningView['metrics'][number]['features'][number];

const VERDICT_COLOURS: Record<FeatureVerdict, string> = {
  helps: 'teal',
  hurts: 'red',
  unclear: 'gray',
  tangled: 'gray',
  'too-few': 'gray',
};

/** The largest lift any interval of `views` reaches (at least 10%): one scale for every bar on the page. */
export function liftScale(views: Array<LearningView | null | undefined>): number {
  return Math.max(
    0.1,
    ...views.flatMap((view) =>
      (view?.metrics ?? []).flatMap((group) =>
        group.features.flatMap((item) => [Math.abs(item.liftLow ?? 0), Math.abs(item.liftHigh ?? 0)]),
      ),
    ),
  );
}

function FindingsTable({
  metric,
  findings,
  scale,
  testIdPrefix,
}: {
  metric: string;
  findings: Finding[];
  scale: number;
  testIdPrefix: string;
}) {
  return (
    <Paper withBorder radius="md" p={0}>
      <Table verticalSpacing="sm" horizontalSpacing="md">
        <Table.Caption>
          Judged by {metric}: the lift of having each feature, pooled over the tests that varied it, with its
          95% interval. A feature is named only when the whole interval is on one side of zero.
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Feature</Table.Th>
            <Table.Th scope="col">Lift (95% interval) and what it shows</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {findings.map((item) => (
            <Table.Tr key={item.feature} data-testid={`${testIdPrefix}${item.feature}`}>
              <Table.Th scope="row" fw={600} style={{ overflowWrap: 'break-word', width: '42%' }}>
                {item.label}
                <Text fz="xs" c="dimmed" fw={400}>
                  {item.tests} {item.tests === 1 ? 'test' : 'tests'}
                </Text>
              </Table.Th>
              <Table.Td>
                <Stack gap={4} align="flex-start">
                  {item.lift === null || item.liftLow === null || item.liftHigh === null ? (
                    <Text fz="sm" c="dimmed">
                      {item.testsNeeded} more {item.testsNeeded === 1 ? 'test' : 'tests'} needed
                    </Text>
                  ) : (
                    <>
                      <Text fz="sm" fw={600}>
                        {formatLiftWithInterval(100 * item.lift, 100 * item.liftLow, 100 * item.liftHigh)}
                      </Text>
                      <IntervalBar
                        low={item.liftLow}
                        high={item.liftHigh}
                        estimate={item.lift}
                        scale={scale}
                      />
                    </>
                  )}
                  <Badge variant="light" color={VERDICT_COLOURS[item.verdict]} radius="sm">
                    {FEATURE_VERDICT_WORDS[item.verdict]}
                  </Badge>
                  {item.tangledWith.length > 0 && (
                    <Text fz="xs" c="dimmed">
                      Every test that tried it also changed:{' '}
                      {item.tangledWith.map((other) => FEATURE_WORDS[other].toLowerCase()).join('; ')}. A test
                      changing only this would tell them apart.
                    </Text>
                  )}
                </Stack>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/**
 * A view's findings, one section per metric: the channel's own, or the pool of opted-in channels
 * (`idPrefix` keeps the two sets of headings and rows apart on one page).
 */
export function MetricFindings({
  view,
  scale,
  headingOrder,
  idPrefix = '',
}: {
  view: LearningView;
  scale: number;
  headingOrder: 2 | 3;
  idPrefix?: string;
}) {
  return view.metrics.map((group) => (
    <section key={group.metric} aria-labelledby={`${idPrefix}metric-${group.metric}`}>
      <Title order={headingOrder} fz="lg" id={`${idPrefix}metric-${group.metric}`} mb="sm">
        Judged by {METRIC_WORDS[group.metric]} ({group.tests} {group.tests === 1 ? 'test' : 'tests'})
      </Title>
      <FindingsTable
        metric={METRIC_WORDS[group.metric]}
        findings={group.features}
        scale={scale}
        testIdPrefix={`${idPrefix}finding-`}
      />
    </section>
  ));
}
