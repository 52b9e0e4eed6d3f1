import { Card, Group, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CAPACITY_PLAN_NAMES } from '#shared/capacity-shares';
import { trpc } from '../../api/trpc';
import { formatClockTime } from '../../lib/expected-time';

const units = (value: number) => value.toLocaleString('en-US');
const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);

/** Today's YouTube quota: used, reserved, the forecast to midnight Pacific, each plan's share and the queue. */
export function CapacityCard() {
  const { data, isError, error } = trpc.capacity.overview.useQuery(undefined, { refetchInterval: 30_000 });
  const forecastColor = !data
    ? 'gray'
    : data.forecastShare >= 0.95
      ? 'red'
      : data.forecastShare >= 0.8
        ? 'yellow'
        : 'teal';
  return (
    <Card padding="lg" component="section" aria-labelledby="capacity">
      <Title order={2} fz="lg" id="capacity" mb="sm">
        YouTube capacity today
      </Title>
      {isError && (
        <Text c="red.8" fz="sm">
          {error.message}
        </Text>
      )}
      {!data && !isError && <Skeleton h={120} />}
      {data && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
            <Figure label="Used" value={`${units(data.usedUnits)} of ${units(data.quotaUnits)}`} />
            <Figure
              label="Forecast to midnight Pacific"
              value={`${units(data.forecastUnits)} (${Math.round(data.forecastShare * 100)}%)`}
            />
            <Figure
              label="Reserved a day"
              value={`${units(data.reservedUnits)} of ${units(data.testsPoolUnits)}`}
            />
            <Figure
              label="Waiting for capacity"
              value={
                data.queue.length === 0
                  ? 'No test'
                  : `${data.queue.length} (oldest ${Math.round((data.queue.oldestWaitMinutes ?? 0) / 60)} h)`
              }
            />
          </SimpleGrid>
          <Progress
            value={percent(data.forecastUnits, data.quotaUnits)}
            color={forecastColor}
            aria-label={`Forecast ${Math.round(data.forecastShare * 100)}% of today's quota`}
          />
          <Stack gap={6}>
            {data.plans.map((plan) => (
              <div key={plan.plan}>
                <Group justify="space-between" fz="sm">
                  <Text fz="sm" fw={600}>
                    {CAPACITY_PLAN_NAMES[plan.plan]}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {units(plan.reservedUnits)} of {units(plan.allotmentUnits)} units reserved ·{' '}
                    {plan.runningTests} running · {plan.queuedTests} waiting
                  </Text>
                </Group>
                <Progress
                  value={percent(plan.reservedUnits, plan.allotmentUnits)}
                  size="sm"
                  aria-label={`${CAPACITY_PLAN_NAMES[plan.plan]} plan's share reserved`}
                />
              </div>
            ))}
          </Stack>
          <Text fz="xs" c="dimmed">
            The quota resets at {formatClockTime(new Date(data.resetsAt))}. Demo copies spent{' '}
            {units(data.sandboxUsedUnits)} units of their own simulated quota, none of the deployment’s.
          </Text>
        </Stack>
      )}
    </Card>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="sm">
        {value}
      </Text>
    </div>
  );
}
