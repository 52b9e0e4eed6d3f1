import { Group, List, Progress, Stack, Text } from '@mantine/core';
import type { VerdictView } from '../../api/test-types';
import { formatProgressItem } from './verdict-format';

/** Progress toward the minimum sample before any verdict, with what is still missing. */
export function SampleProgress({ progress }: { progress: VerdictView['progress'] }) {
  const percent = Math.round(Math.min(1, Math.max(0, progress.fraction)) * 100);
  const missing = progress.items.filter((item) => !item.met);
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fz="xs" fw={600}>
          Minimum sample
        </Text>
        <Text fz="xs" c="dimmed">
          {progress.met ? 'Reached' : `${percent}%`}
        </Text>
      </Group>
      <Progress
        value={progress.met ? 100 : percent}
        color={progress.met ? 'teal.9' : 'violet.7'}
        size="md"
        radius="xl"
        aria-label="Progress toward the minimum sample"
      />
      {missing.length > 0 && (
        <>
          <Text fz="xs" c="dimmed">
            Still needed before a verdict:
          </Text>
          <List size="xs" spacing={2} c="dimmed" aria-label="Still needed before a verdict">
            {missing.map((item) => (
              <List.Item key={item.label}>{formatProgressItem(item)}</List.Item>
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
