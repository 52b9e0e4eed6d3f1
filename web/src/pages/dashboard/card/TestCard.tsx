import {
  Alert,
  Badge,
  Box,
  Card,
  Collapse,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useSearch } from '@tanstack/react-router';
import { useEffect, useId, useRef } from 'react';
import { isHopeless } from '#shared/hopeless-test';
import { ChevronDownIcon } from '../../../components/icons';
import { formatClockTime, formatRelative } from '../../../lib/expected-time';
import { formatCalendarDay, formatCtr, formatInterval } from '../../../lib/format';
import { useProductNow } from '../../../lib/use-now';
import { useTestAnalytics } from '../dashboard-queries';
import type { TitleTest } from '../../../api/test-types';
import { ComparisonChart } from './ComparisonChart';
import { CtrTrendChart } from './CtrTrendChart';
import { ExpectedTime } from '../../../components/ExpectedTime';
import { LeadInNotice } from './LeadInNotice';
import { LiveTitleLine } from './LiveTitleLine';
import { ExportLinks } from './ExportLinks';
import { ShareReportLink } from './ShareReportLink';
import { RotationHistory } from './RotationHistory';
import { StatusBadge } from '../../../components/StatusBadge';
import { VIDEO_FORMAT_LABELS } from '#shared/video-format';
import { TestActions } from './TestActions';
import { useWorkspace } from '../../../auth/workspace';
import { TestMetrics } from './TestMetrics';
import { nextRotationText } from './next-rotation';
import { VerdictPanel } from '../../../components/verdict/VerdictPanel';
import { variantName } from '../../../components/variants/variant-name';
import { VARIANT_NOUN } from '#shared/test-kinds';
import { CardThumbnails } from './CardThumbnails';
import { HopelessNotice } from './HopelessNotice';
import { TestPromise } from './TestPromise';
import classes from './TestCard.module.css';
import { useCurrentUser } from '../../../auth/current-user';
import { intervalsFor } from '#shared/test-shapes';
import { PaywallLinkText } from '../../../components/PaywallLinkText';
import { LONG_WAIT_MS, lengthCountsFromStart, startSoonerAdvice } from '#shared/queue-words';

/** Where a test waiting for YouTube capacity stands (docs/capacity.md). */
function QueuedLine({ test, now }: { test: TitleTest; now: Date }) {
  const at = test.expectedStartAt ? new Date(test.expectedStartAt) : null;
  const durationDays = (new Date(test.endDate).getTime() - new Date(test.startDate).getTime()) / 86_400_000;
  return (
    <Text component="span" fz="xs" c="blue.9" fw={500} data-testid="queued-line">
      Waiting for YouTube capacity: nothing has changed on the video yet.{' '}
      {at
        ? `Expected to start ${formatClockTime(at)} (${formatRelative(at, now)}), by itself; ${lengthCountsFromStart(durationDays)}.`
        : `It starts by itself when a running test ends; ${lengthCountsFromStart(durationDays)}.`}
    </Text>
  );
}

/** Under a long wait's card summary (outside its button: it may hold a link): how to start sooner. */
function QueuedAdvice({ test, now }: { test: TitleTest; now: Date }) {
  const user = useCurrentUser().data;
  const { canEdit, team } = useWorkspace();
  const at = test.expectedStartAt ? new Date(test.expectedStartAt) : null;
  // Advice for whoever can act on it: not a viewer; the plan is the owner's to change.
  if (!canEdit || (at !== null && at.getTime() - now.getTime() <= LONG_WAIT_MS)) return null;
  const advice = startSoonerAdvice({
    longerInterval: intervalsFor(test.winnerMetric).some((minutes) => minutes > test.rotationIntervalMinutes),
    withPlans: team === null && user != null && user.subscriptionTier !== 'authority' && !user.isDemo,
  });
  if (advice === null) return null;
  return (
    <Text fz="xs" c="dimmed" px={{ base: 'sm', sm: 'lg' }} pb="sm" data-testid="queued-advice">
      <PaywallLinkText message={advice} />
    </Text>
  );
}

function SummaryFigure({ label, value }: { label: string; value: string }) {
  return (
    <Box ta={{ base: 'left', sm: 'right' }}>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="sm">
        {value}
      </Text>
    </Box>
  );
}

/** One test: a collapsed summary that expands into figures, charts, history and actions. */
export function TestCard({ test, isFounder }: { test: TitleTest; isFounder: boolean }) {
  // A notification's link opens the dashboard at this card (src/shared/test-link.ts).
  const linked = useSearch({ strict: false }).test === test.id;
  const [expanded, { toggle, open }] = useDisclosure(linked);
  const cardRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!linked) return;
    open();
    cardRef.current?.scrollIntoView({ block: 'start' });
  }, [linked, open]);
  const panelId = useId();
  const workspace = useWorkspace();
  const analytics = useTestAnalytics(test.id);
  const data = analytics.data;
  const averageCtr = data?.averageCtr ?? test.analytics.averageCtr;
  const now = useProductNow(data?.clockAt, analytics.dataUpdatedAt);
  const firstRotation = data?.expected.firstRotation ?? null;
  // Cancel's confirmation: the actions' Cancel Test and the notice of a hopeless test open it.
  const [cancelOpened, cancelConfirm] = useDisclosure(false);
  const verdict = data?.verdict;
  const running = test.status === 'active' || test.status === 'paused';
  const hopelessChance =
    running &&
    verdict?.stage === 'running' &&
    verdict.chanceOfWinner !== null &&
    isHopeless(verdict.chanceOfWinner, verdict.progress.fraction)
      ? verdict.chanceOfWinner
      : null;

  return (
    <Card ref={cardRef} padding={0} radius="lg" component="article" aria-label={`Test: ${test.videoTitle}`}>
      <UnstyledButton
        className={classes.summary}
        onClick={toggle}
        aria-expanded={expanded}
        aria-controls={panelId}
      >
        <Group justify="space-between" align="center" wrap="nowrap" gap="md">
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <StatusBadge status={test.status} />
              {test.videoFormat === 'short' && (
                <Badge size="sm" color="red" variant="light">
                  {VIDEO_FORMAT_LABELS.short}
                </Badge>
              )}
              <Text fz="xs" c="dimmed">
                {test.kind === 'titles'
                  ? `${test.titles.length} variants`
                  : `${test.titles.length} ${VARIANT_NOUN[test.kind].toLowerCase()}s`}{' '}
                · {formatInterval(test.rotationIntervalMinutes)}
              </Text>
            </Group>
            <Text component="span" fw={700} fz="md" lineClamp={2}>
              {test.videoTitle}
            </Text>
            <CardThumbnails test={test} />
            <LiveTitleLine test={test} />
            {test.status === 'queued' && <QueuedLine test={test} now={now} />}
            {firstRotation && (
              <Text component="span" fz="xs" c="blue.9" fw={500}>
                Rotation starts at {formatClockTime(new Date(firstRotation.at))} (
                {formatRelative(new Date(firstRotation.at), now)}), aligned to Pacific time
                {test.status === 'active'
                  ? `; until then ${variantName(test.kind, 0)} (the baseline) is live`
                  : ''}
              </Text>
            )}
          </Stack>
          <Group gap="lg" wrap="nowrap" visibleFrom="sm">
            <SummaryFigure
              label="Rotations"
              value={String(data?.rotationsCount ?? test.analytics.rotationsCount)}
            />
            <SummaryFigure label="Next rotation" value={nextRotationText(test, data, now)} />
            <SummaryFigure label="Avg CTR" value={averageCtr === null ? '—' : formatCtr(averageCtr)} />
          </Group>
          <ChevronDownIcon className={classes.chevron} data-expanded={expanded || undefined} />
        </Group>
        <SimpleGrid cols={3} hiddenFrom="sm" mt="sm">
          <SummaryFigure
            label="Rotations"
            value={String(data?.rotationsCount ?? test.analytics.rotationsCount)}
          />
          <SummaryFigure label="Next rotation" value={nextRotationText(test, data, now)} />
          <SummaryFigure label="Avg CTR" value={averageCtr === null ? '—' : formatCtr(averageCtr)} />
        </SimpleGrid>
      </UnstyledButton>
      {test.status === 'queued' && <QueuedAdvice test={test} now={now} />}
      <Collapse expanded={expanded}>
        <Stack gap="md" p={{ base: 'sm', sm: 'lg' }} pt={0} id={panelId}>
          {test.statusReason && (
            <Alert
              color="yellow"
              variant="light"
              title={test.status === 'paused' ? 'Why this test is paused' : 'How this test ended'}
            >
              {test.statusReason}
            </Alert>
          )}
          {test.lastError && (
            <Alert color="red" variant="light" title="Last problem">
              {test.lastError}
            </Alert>
          )}
          {analytics.isError && (
            <Alert color="red" variant="light" title="Analytics could not be loaded">
              {analytics.error.message}
            </Alert>
          )}
          {firstRotation && <LeadInNotice firstRotation={firstRotation} now={now} />}
          <TestPromise test={test} />
          {hopelessChance !== null && (
            <HopelessNotice
              kind={test.kind}
              chanceOfWinner={hopelessChance}
              onStop={workspace.canEdit ? cancelConfirm.open : undefined}
            />
          )}
          {!analytics.isError && (
            <VerdictPanel
              verdict={data?.verdict}
              expected={data?.expected}
              now={now}
              titles={test.titles}
              kind={test.kind}
              thumbnails={test.thumbnails}
            />
          )}
          {data ? (
            <>
              <TestMetrics analytics={data} now={now} test={test} />
              <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
                <CtrTrendChart
                  logs={data.rotationLogs}
                  kind={test.kind}
                  titleCount={test.kind === 'thumbnails' ? test.thumbnails.length : test.titles.length}
                  intervalMinutes={test.rotationIntervalMinutes}
                  expectedAt={data.expected.ctrAt}
                  now={now}
                />
                <ComparisonChart
                  kind={test.kind}
                  metric={test.winnerMetric}
                  titles={test.titles}
                  thumbnails={test.thumbnails}
                  logs={data.rotationLogs}
                />
              </SimpleGrid>
              <RotationHistory
                logs={data.rotationLogs}
                now={now}
                kind={test.kind}
                thumbnails={test.thumbnails}
              />
              <ExportLinks testId={test.id} />
              {workspace.isOwner && <ShareReportLink testId={test.id} />}
              <Text fz="xs" c="dimmed">
                {data.dataNotes.ctrAndDurationThrough
                  ? `CTR and view duration come from YouTube’s daily reports through ${formatCalendarDay(data.dataNotes.ctrAndDurationThrough)} (Pacific time). `
                  : 'CTR and view duration come from YouTube’s daily reports, which arrive days after each Pacific day. '}
                Views are counted live from the public view counter
                {data.dataNotes.viewsAsOf
                  ? ` (last count ${formatClockTime(new Date(data.dataNotes.viewsAsOf))})`
                  : ''}
                {data.expected.nextViewSampleAt && (
                  <>
                    ; next count <ExpectedTime at={data.expected.nextViewSampleAt} now={now} />
                  </>
                )}
                .
              </Text>
            </>
          ) : (
            !analytics.isError && <Skeleton h={240} radius="md" />
          )}
          {workspace.canEdit && (
            <TestActions
              test={test}
              isFounder={isFounder}
              now={now}
              awaitingFinalFigures={data?.verdict.awaitingFinalData ?? false}
              suggestedDays={data?.verdict.moreDaysNeeded ?? null}
              cancelConfirm={{ opened: cancelOpened, ...cancelConfirm }}
            />
          )}
        </Stack>
      </Collapse>
    </Card>
  );
}
