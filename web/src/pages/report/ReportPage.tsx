import { Badge, Box, Container, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import type { PublicReport } from '#server/reports/reports.schemas';
import { METRIC_WORDS } from '#shared/test-shapes';
import { TEST_STATUS_LABELS } from '#shared/test-states';
import { CenteredLayout } from '../../components/CenteredLayout';
import { Logo } from '../../components/Logo';
import { PageLoader } from '../../components/PageLoader';
import { formatCompact, formatCtr, formatDuration, formatInterval } from '../../lib/format';
import { VerdictPanel } from '../../components/verdict/VerdictPanel';
import { variantName } from '../../components/variants/variant-name';
import { VariantThumbnail } from '../../components/variants/VariantThumbnail';
import { TEST_KIND_LABELS, VARIANT_NOUN } from '#shared/test-kinds';
import { ReportError, usePublicReport } from './report-query';
import { WRAP_WORDS } from '../../lib/text-wrap';

function tokenFromLocation(): string | null {
  const token = new URLSearchParams(window.location.search).get('token');
  return token && token.length > 0 ? token : null;
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0">
      <Text component="dt" fz="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text component="dd" fw={700} fz="lg" m={0} mt={2}>
        {value}
      </Text>
    </Paper>
  );
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A link that opens nothing: revoked, unknown, or the read failed. */
function Unavailable({ error }: { error: Error }) {
  const problem =
    error instanceof ReportError ? error.problem : { kind: 'failed' as const, message: error.message };
  const heading =
    problem.kind === 'revoked'
      ? 'This report link was revoked'
      : problem.kind === 'unknown'
        ? 'Report not found'
        : 'The report could not be loaded';
  const text =
    problem.kind === 'revoked'
      ? 'Its owner stopped sharing this test’s report. Ask them for a new link if you still need it.'
      : problem.kind === 'unknown'
        ? 'This link does not open a report. Check that it was copied whole.'
        : problem.message;
  return (
    <CenteredLayout>
      <Paper withBorder shadow="md" p="xl" radius="lg" w="100%" maw={520}>
        <Stack align="center" ta="center" gap="sm">
          <Title order={1} fz={24}>
            {heading}
          </Title>
          <Text c="dimmed">{text}</Text>
        </Stack>
      </Paper>
    </CenteredLayout>
  );
}

function Report({ report }: { report: PublicReport }) {
  const now = useMemo(() => (report.clockAt ? new Date(report.clockAt) : new Date()), [report.clockAt]);
  const { summary } = report;
  return (
    <Box mih="100vh" bg="gray.0">
      <Box
        component="header"
        bg="white"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Container size="md">
          <Group justify="space-between">
            <Logo />
            <Badge variant="light" color="gray">
              Read-only report
            </Badge>
          </Group>
        </Container>
      </Box>
      <Container size="md" py={{ base: 'md', md: 'xl' }} component="main">
        <Stack gap="lg">
          <div>
            <Text fz="sm" c="dimmed">
              {report.kind === 'titles' ? 'Title' : TEST_KIND_LABELS[report.kind]} test report
            </Text>
            <Title order={1} fz={{ base: 22, md: 28 }} style={WRAP_WORDS}>
              {report.videoTitle}
            </Title>
            <Text fz="sm" c="dimmed" mt={4}>
              {report.titles.length} {VARIANT_NOUN[report.kind].toLowerCase()}s · switched{' '}
              {formatInterval(report.rotationIntervalMinutes)} · decided by{' '}
              {METRIC_WORDS[report.winnerMetric]} · {dateFormat.format(new Date(report.startDate))} to{' '}
              {dateFormat.format(new Date(report.endDate))} ·{' '}
              {report.status === 'active' ? 'running now' : TEST_STATUS_LABELS[report.status]}
            </Text>
          </div>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="report-titles-heading">
            <Title order={2} fz="md" id="report-titles-heading" mb="xs">
              {VARIANT_NOUN[report.kind]}s tested
            </Title>
            <List type="ordered" spacing={4}>
              {report.titles.map((title, index) => (
                <List.Item key={index}>
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <VariantThumbnail
                      url={report.thumbnails[index]}
                      alt={variantName('thumbnails', index)}
                      width={120}
                    />
                    <Text component="span" fz="sm" style={WRAP_WORDS}>
                      {title}
                      {index === 0 ? ` (${variantName(report.kind, 0)}, the baseline)` : ''}
                    </Text>
                  </Group>
                </List.Item>
              ))}
            </List>
          </Paper>
          <section aria-labelledby="report-figures-heading">
            <Title order={2} fz="md" id="report-figures-heading" mb="xs">
              Figures
            </Title>
            <SimpleGrid component="dl" cols={{ base: 2, md: 4 }} spacing="sm" m={0}>
              <Figure label="Total views" value={formatCompact(summary.totalViews)} />
              <Figure
                label="Avg CTR"
                value={summary.averageCtr === null ? '—' : formatCtr(summary.averageCtr)}
              />
              <Figure
                label="Avg view duration"
                value={
                  summary.averageViewDuration === null ? '—' : formatDuration(summary.averageViewDuration)
                }
              />
              <Figure label="Rotations" value={String(summary.rotationsCount)} />
            </SimpleGrid>
          </section>
          <VerdictPanel
            verdict={report.verdict}
            expected={report.expected}
            now={now}
            titles={report.titles}
            kind={report.kind}
            thumbnails={report.thumbnails}
          />
          <Text fz="xs" c="dimmed">
            Shared on {dateFormat.format(new Date(report.sharedAt))} by the test’s owner. Figures as Titlewise
            measured them when this page was opened; the report changes as the test does, until the owner
            revokes the link.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}

/** /report?token=…: a test's read-only report for anyone holding the link, without signing in. */
export default function ReportPage() {
  const token = useMemo(tokenFromLocation, []);
  const report = usePublicReport(token);
  if (token === null) return <Unavailable error={new ReportError({ kind: 'unknown', message: '' })} />;
  if (report.isPending) return <PageLoader label="Loading the report..." />;
  if (report.isError) return <Unavailable error={report.error} />;
  return <Report report={report.data} />;
}
