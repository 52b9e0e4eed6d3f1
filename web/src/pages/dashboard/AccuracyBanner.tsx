import { Alert, Anchor, Text } from '@mantine/core';
import { AlertIcon } from '../../components/icons';

import type { AccuracyStatus } from '#server/analytics/analytics.schemas';

/**
 * The Data Accuracy banner, only while accurate analytics are not enabled: amber when the creator
 * has something to do (a link to do it), a quiet blue note when YouTube's reports are simply on
 * their way. On a phone the quiet note is its one line ("Nothing to do: …"), so it does not fill
 * the first screen.
 */
export function AccuracyBanner({ status }: { status: AccuracyStatus | undefined }) {
  if (!status || status.enabled) return null;
  const firstLine = status.instructions.split('\n').find((line) => line.trim().length > 0) ?? '';
  const actionNeeded = status.enableUrl !== null;
  return (
    <Alert
      color={actionNeeded ? 'orange' : 'blue'}
      variant="light"
      title="Data Accuracy"
      icon={<AlertIcon />}
      mb="lg"
      data-action-needed={actionNeeded}
    >
      <Text fz="sm" visibleFrom={actionNeeded ? undefined : 'sm'}>
        {status.accuracy}
      </Text>
      {firstLine && (
        <Text fz="sm" mt={actionNeeded ? 4 : { base: 0, sm: 4 }}>
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
