import { Progress, Stack, Text } from '@mantine/core';
import type { VerdictView } from '../../api/test-types';
import { formatProgressLine } from './verdict-format';

/**
 * How far the test has got, as one plain line ("4 of 7 days measured; 412 views per title (30
 * needed) ✓") over a bar of the share measured. The line never says a minimum is reached beside a
 * list of what is still needed: each part says one or the other.
 */
export function SampleProgress({ progress }: { progress: VerdictView['progress'] }) {
  const percent = Math.round(Math.min(1, Math.max(0, progress.fraction)) * 100);
  return (
    <Stack gap={4}>
      <Progress
        value={percent}
        color={progress.met ? 'teal.9' : 'violet.7'}
        size="sm"
        radius="xl"
        aria-label="Share of the test measured"
      />
      <Text fz="xs" c="dimmed" data-testid="verdict-progress">
        {formatProgressLine(progress)}
      </Text>
    </Stack>
  );
}
