import { Text } from '@mantine/core';
import type { TitleTest } from '../../../api/test-types';

/**
 * For a test that has ended: the title it put back on YouTube (read back from YouTube when it was
 * written), named as a variant when it is one, so the creator sees the outcome without expanding.
 */
export function LiveTitleLine({ test }: { test: TitleTest }) {
  if (test.status !== 'completed' && test.status !== 'cancelled') return null;
  if (test.appliedTitle === null) {
    return (
      <Text component="span" fz="xs" c="dimmed">
        Putting the final title back on YouTube…
      </Text>
    );
  }
  const index = test.titles.indexOf(test.appliedTitle);
  const which = index < 0 ? '' : index === 0 ? ' (Title 1, the original)' : ` (Title ${index + 1})`;
  return (
    <Text component="span" fz="xs" c="teal.9" fw={500}>
      Live on YouTube: “{test.appliedTitle}”{which}
    </Text>
  );
}
