import { Alert, Anchor, Text } from '@mantine/core';
import { AlertIcon } from '../../components/icons';

import type { AccuracyStatus } from '../../../../src/analytics/analytics.schemas';

/** The amber Data Accuracy banner, only while accurate analytics are not enabled. */
export function AccuracyBanner({ status }: { status: AccuracyStatus | undefined }) {
  if (!status || status.enabled) return null;
  const firstLine = status.instructions.split('\n').find((line) => line.trim().length > 0) ?? '';
  return (
    <Alert color="orange" variant="light" title="Data Accuracy" icon={<AlertIcon />} mb="lg">
      <Text fz="sm">{status.accuracy}</Text>
      {firstLine && (
        <Text fz="sm" mt={4}>
          {firstLine}
        </Text>
      )}
      {status.enableUrl && (
        <Anchor
          href={status.enableUrl}
          target="_blank"
          rel="noreferrer"
          fz="sm"
          fw={600}
          underline="always"
          c="orange.9"
          mt={6}
          display="inline-block"
        >
          Enable the YouTube Analytics API
        </Anchor>
      )}
    </Alert>
  );
}
