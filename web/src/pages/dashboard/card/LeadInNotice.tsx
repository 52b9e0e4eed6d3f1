import { Paper, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { TestAnalytics } from '../../../api/test-types';
import { ExpectedTime } from '../../../components/ExpectedTime';

type FirstRotation = NonNullable<TestAnalytics['expected']['firstRotation']>;

/** Before the schedule's first window: when rotation starts and why the test waits until then. */
export function LeadInNotice({ firstRotation, now }: { firstRotation: FirstRotation; now: Date }) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId} bg="blue.0">
      <Title order={4} fz="sm" mb={4} id={headingId}>
        Why the first rotation waits
      </Title>
      <Text fz="sm" fw={600}>
        Rotation starts <ExpectedTime at={firstRotation.at} now={now} />.
      </Text>
      <Text fz="sm">{firstRotation.reason}</Text>
    </Paper>
  );
}
