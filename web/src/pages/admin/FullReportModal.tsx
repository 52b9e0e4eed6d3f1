import { Alert, Badge, Group, Modal, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { trpc } from '../../api/trpc';
import { formatCtr, formatDuration } from '../../lib/format';
import type { FullReport } from './admin-types';

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-US') : '—');
const number = (value: number | null) => (value === null ? '—' : Math.round(value).toLocaleString('en-US'));

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <Title order={3} fz="md" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fz="sm" fw={600}>
        {value}
      </Text>
    </div>
  );
}

function Report({ report }: { report: FullReport }) {
  const { test } = report;
  const counts = report.schedule.reduce<Record<string, number>>(
    (all, slot) => ({ ...all, [slot.status]: (all[slot.status] ?? 0) + 1 }),
    {},
  );
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact label="Owner" value={`${test.owner.name} (${test.owner.email})`} />
        <Fact label="Status" value={test.deletionPending ? `${test.status}, deleting` : test.status} />
        <Fact
          label="Rotation"
          value={`Every ${test.rotationIntervalMinutes / 60} h, winner by ${test.winnerMetric}`}
        />
        <Fact label="Start" value={dateTime(test.startDate)} />
        <Fact label="End" value={dateTime(test.endDate)} />
        <Fact label="Original title" value={test.originalTitle} />
      </SimpleGrid>
      <Section title="Titles">
        <Stack gap={4}>
          {report.variants.map((variant) => (
            <Text key={variant.position} fz="sm">
              <b>{variant.label}:</b> {variant.title}
            </Text>
          ))}
        </Stack>
      </Section>
      <Section title="Schedule">
        <Group gap="xs">
          {Object.entries(counts).map(([status, count]) => (
            <Badge key={status} variant="light" color="gray">
              {count} {status}
            </Badge>
          ))}
        </Group>
      </Section>
      <Section title="Rotations">
        {report.rotations.length === 0 ? (
          <Text c="dimmed" fz="sm">
            No title rotations yet
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table fz="sm" striped aria-label="Rotations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Activated</Table.Th>
                  <Table.Th>Hours</Table.Th>
                  <Table.Th>Views</Table.Th>
                  <Table.Th>CTR</Table.Th>
                  <Table.Th>Avg duration</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rotations.map((rotation) => (
                  <Table.Tr key={rotation.slot}>
                    <Table.Td>{rotation.order}</Table.Td>
                    <Table.Td>
                      {rotation.label}
                      {!rotation.titleConfirmed && ' (unconfirmed)'}
                    </Table.Td>
                    <Table.Td>{dateTime(rotation.activatedAt)}</Table.Td>
                    <Table.Td>{rotation.hours === null ? '—' : rotation.hours.toFixed(1)}</Table.Td>
                    <Table.Td>
                      {number(rotation.views)}
                      {rotation.excludedReason && (
                        <Text component="span" display="block" fz="xs" c="dimmed">
                          Not counted: {rotation.excludedReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {rotation.ctr === null
                        ? rotation.ctrSource
                        : `${formatCtr(rotation.ctr)} (${rotation.ctrSource})`}
                    </Table.Td>
                    <Table.Td>
                      {rotation.averageViewDuration === null
                        ? rotation.durationSource
                        : `${formatDuration(rotation.averageViewDuration)} (${rotation.durationSource})`}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Section>
      <Section title="Daily metrics">
        {report.dailyMetrics.length === 0 ? (
          <Text c="dimmed" fz="sm">
            YouTube has not reported a day of this test yet.
          </Text>
        ) : (
          <Table fz="sm" striped aria-label="Daily metrics">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Day (Pacific)</Table.Th>
                <Table.Th>Views</Table.Th>
                <Table.Th>Impressions</Table.Th>
                <Table.Th>CTR</Table.Th>
                <Table.Th>Avg duration</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.dailyMetrics.map((day) => (
                <Table.Tr key={day.day}>
                  <Table.Td>{day.day}</Table.Td>
                  <Table.Td>{number(day.views)}</Table.Td>
                  <Table.Td>{number(day.impressions)}</Table.Td>
                  <Table.Td>{day.impressionsCtr === null ? '—' : formatCtr(day.impressionsCtr)}</Table.Td>
                  <Table.Td>
                    {day.averageViewDurationSec === null ? '—' : formatDuration(day.averageViewDurationSec)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
      <Section title="Verdict">
        <Text fz="sm">
          <Badge variant="light" color={report.verdict.final ? 'violet' : 'gray'} mr="xs">
            {report.verdict.final ? 'Final' : 'Current reading'}
          </Badge>
          {report.verdict.reason}
        </Text>
        <Stack gap={2} mt="xs">
          {report.verdict.titles.map((title) => (
            <Text key={title.titleIndex} fz="xs" c="dimmed">
              Title {title.titleIndex + 1}: {Math.round(title.probabilityBest * 100)}% chance to be best, lift{' '}
              {title.liftPercent}% ({title.liftLowPercent}% to {title.liftHighPercent}%)
            </Text>
          ))}
        </Stack>
      </Section>
      <Section title="YouTube quota spent">
        <Text fz="sm">
          About {report.quotaSpent.estimatedUnits.toLocaleString('en-US')} units by this test’s switches
          (title and thumbnail changes); {report.quotaSpent.channelUnitsDuringTest.toLocaleString('en-US')}{' '}
          units used by its channel while it ran.
        </Text>
        <Text fz="xs" c="dimmed">
          {report.quotaSpent.note}
        </Text>
      </Section>
    </Stack>
  );
}

/** The full report of one test: variants, schedule, rotations with figures, daily metrics, verdict, quota. */
export function FullReportModal({ testId, onClose }: { testId: string | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const report = trpc.admin.fullReport.useQuery({ id: testId ?? '' }, { enabled: testId !== null });
  return (
    <Modal
      opened={testId !== null}
      onClose={onClose}
      size="xl"
      fullScreen={phone}
      title={report.data ? `Full report: ${report.data.test.videoTitle}` : 'Full report'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {report.isPending && <Skeleton h={300} />}
      {report.isError && (
        <Alert color="red" title="Could not load the report">
          {report.error.message}
        </Alert>
      )}
      {report.data && <Report report={report.data} />}
    </Modal>
  );
}
