import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PastTest } from '#server/reports/reports.schemas';
import { VARIANT_NOUN } from '#shared/test-kinds';
import { VERDICT_LABELS } from '#shared/test-shapes';
import { TITLE_CHANGE_LABELS } from '#shared/title-change';
import { trpc } from '../../api/trpc';
import type { CurrentUser } from '../../auth/auth-client';
import { StatCard } from '../../components/StatCard';
import { DashboardSubpage } from '../../components/DashboardSubpage';
import { formatLiftWithInterval, formatSignedPercent } from '../../components/verdict/verdict-format';
import { VerdictBadge } from '../../components/verdict/VerdictBadge';
import { WRAP_WORDS } from '../../lib/text-wrap';
import { variantName } from '../../components/variants/variant-name';
import { VariantThumbnail } from '../../components/variants/VariantThumbnail';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

function LiftCell({ test }: { test: PastTest }) {
  if (test.liftPercent === null || test.liftLowPercent === null || test.liftHighPercent === null) {
    return <Text fz="sm">No estimate</Text>;
  }
  const compared = test.comparedTitleIndex ?? 0;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <VariantThumbnail
        url={test.thumbnails[compared]}
        alt={variantName('thumbnails', compared)}
        width={72}
      />
      <div>
        <Text fz="sm" fw={600}>
          {formatLiftWithInterval(test.liftPercent, test.liftLowPercent, test.liftHighPercent)}
        </Text>
        <Text fz="xs" c="dimmed">
          {variantName(test.kind, compared)}
          {test.winnerTitleIndex === 0 ? ', the best challenger' : ''}
        </Text>
      </div>
    </Group>
  );
}

function ChangeCell({ test }: { test: PastTest }) {
  const name = (index: number) => variantName(test.kind, index);
  // A thumbnail test changed no words: the winning image and the original, side by side.
  const winner = test.winnerTitleIndex;
  if (test.kind === 'thumbnails' && winner !== null && winner > 0) {
    return (
      <Group gap="xs" wrap="nowrap" align="center">
        <VariantThumbnail url={test.thumbnails[winner]} alt={name(winner)} width={72} />
        <Text fz="xs" c="dimmed">
          {name(winner)} won against the original
        </Text>
        <VariantThumbnail url={test.thumbnails[0]} alt={name(0)} width={72} />
      </Group>
    );
  }
  if (test.winningChange) {
    return (
      <>
        <Group gap={4}>
          {test.winningChange.map((change) => (
            <Badge key={change} variant="light" color="violet" radius="sm">
              {TITLE_CHANGE_LABELS[change]}
            </Badge>
          ))}
        </Group>
        <Text fz="xs" c="dimmed" mt={2} style={WRAP_WORDS}>
          “{test.comparedTitle}” vs “{test.baselineTitle}”
        </Text>
      </>
    );
  }
  return (
    <Text fz="sm" c="dimmed">
      {test.winnerTitleIndex === 0
        ? `The original (${name(0)}) won`
        : test.liveTitleIndex > 0
          ? `No ${VARIANT_NOUN[test.kind].toLowerCase()} won outright; ${name(test.liveTitleIndex)} beat the original and went live`
          : `No ${VARIANT_NOUN[test.kind].toLowerCase()} won`}
    </Text>
  );
}

function HistoryTable({ tests }: { tests: PastTest[] }) {
  return (
    <Paper withBorder radius="md" p={0}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped>
          <Table.Caption>
            Lifts compare a title with Title 1 (the baseline), with the 95% interval in brackets, as the
            test’s analytics panel shows them.
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Video</Table.Th>
              <Table.Th scope="col">Ended</Table.Th>
              <Table.Th scope="col">Verdict</Table.Th>
              <Table.Th scope="col">Lift vs Title 1 (95% interval)</Table.Th>
              <Table.Th scope="col">What the winning title changed</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {tests.map((test) => (
              <Table.Tr key={test.id}>
                <Table.Th scope="row" fw={600} style={{ ...WRAP_WORDS, maxWidth: 260 }}>
                  {test.videoTitle}
                  <Text fz="xs" c="dimmed" fw={400}>
                    {test.status === 'cancelled' ? 'Cancelled' : 'Completed'}
                  </Text>
                </Table.Th>
                <Table.Td>
                  <Text fz="sm">{dateFormat.format(new Date(test.endedAt))}</Text>
                </Table.Td>
                <Table.Td>
                  <VerdictBadge
                    verdict={{
                      verdict: test.verdict,
                      label: test.verdictLabel,
                      awaitingFinalData: test.awaitingFinalData,
                    }}
                    size="md"
                    wrap
                  />
                </Table.Td>
                <Table.Td>
                  <LiftCell test={test} />
                </Table.Td>
                <Table.Td>
                  <ChangeCell test={test} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

/** The "Past tests" view (docs/product.md#past-tests). */
export function PastTests({ user }: { user: CurrentUser }) {
  const history = trpc.reports.history.useQuery();
  const data = history.data;
  const counts = data?.counts;
  return (
    <DashboardSubpage
      user={user}
      title="Past tests"
      summary="Every finished test, its verdict, and what the winning title changed."
    >
      {history.isError && (
        <Alert color="red" variant="light" title="Past tests could not be loaded">
          {history.error.message}
        </Alert>
      )}
      <section aria-labelledby="past-counts-heading">
        <Title order={2} fz="lg" id="past-counts-heading" mb="sm">
          Outcomes
        </Title>
        <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
          <StatCard
            label="Decided"
            value={counts && String(counts.decided)}
            hint={`Verdict: ${VERDICT_LABELS.winner}`}
          />
          <StatCard
            label={VERDICT_LABELS.same}
            value={counts && String(counts.same)}
            hint="Every title within ±5%"
          />
          <StatCard
            label="Inconclusive"
            value={counts && String(counts.inconclusive)}
            hint={
              counts && counts.awaitingFinalData > 0
                ? `${counts.awaitingFinalData} more waiting for YouTube’s final figures`
                : 'No title clearly best'
            }
          />
          <StatCard
            label="Median lift (decided)"
            value={
              data === undefined
                ? undefined
                : data.medianDecidedLiftPercent === null
                  ? '—'
                  : formatSignedPercent(data.medianDecidedLiftPercent)
            }
            hint="Of the title each decided test compared with Title 1"
          />
        </SimpleGrid>
      </section>
      <section aria-labelledby="past-list-heading">
        <Title order={2} fz="lg" id="past-list-heading" mb="sm">
          Finished tests
        </Title>
        {history.isPending ? (
          <Stack gap="xs" role="status" aria-busy="true" aria-label="Loading past tests">
            <Skeleton h={44} radius="md" />
            <Skeleton h={44} radius="md" />
            <Skeleton h={44} radius="md" />
          </Stack>
        ) : data && data.tests.length === 0 ? (
          <Paper withBorder p="xl" radius="md" ta="center">
            <Title order={3} fz="md">
              No finished tests yet
            </Title>
            <Text c="dimmed" fz="sm" mt={4}>
              A test appears here once it is completed or cancelled, with its verdict and lift.
            </Text>
            <Button mt="md" variant="light" renderRoot={(props) => <Link to="/dashboard" {...props} />}>
              Back to the dashboard
            </Button>
          </Paper>
        ) : (
          data && <HistoryTable tests={data.tests} />
        )}
      </section>
    </DashboardSubpage>
  );
}
