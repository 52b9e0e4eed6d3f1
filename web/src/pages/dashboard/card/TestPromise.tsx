import { Stack, Text } from '@mantine/core';
import type { TitleTest } from '../../../api/test-types';
import { planPromise } from './test-promise';

/**
 * What the test promised when it was created, so its verdict can be read against it: the
 * difference it finds, when its verdict likely comes, whether those numbers rest on the video's
 * own traffic; and that it runs to its end date when the creator chose so (by default a test ends
 * at the first daily check that names a winner). Nothing for a test from before plans were kept.
 */
export function TestPromise({ test }: { test: Pick<TitleTest, 'forecast' | 'stopsAtVerdict'> }) {
  if (!test.forecast && test.stopsAtVerdict) return null;
  return (
    <Stack gap={2} data-testid="test-plan">
      {test.forecast && (
        <Text fz="sm" c="gray.7">
          {planPromise(test.forecast)}
        </Text>
      )}
      {!test.stopsAtVerdict && (
        <Text fz="sm" c="gray.7">
          Runs to its end date, even once a daily check finds a winner.
        </Text>
      )}
    </Stack>
  );
}
