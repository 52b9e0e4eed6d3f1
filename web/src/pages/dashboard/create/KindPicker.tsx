import { SegmentedControl, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import {
  MAX_NEW_THUMBNAILS,
  MIN_NEW_THUMBNAILS,
  TEST_KINDS,
  TEST_KIND_LABELS,
  type TestKind,
} from '#shared/test-kinds';
import { MAX_TITLES, MIN_TITLES } from '#shared/title-test-rules';

const NEW = `${MIN_NEW_THUMBNAILS}–${MAX_NEW_THUMBNAILS}`;
const KIND_HINTS: Record<TestKind, string> = {
  titles: `Rotate ${MIN_TITLES}–${MAX_TITLES} titles; the thumbnail stays.`,
  thumbnails: `Rotate the current thumbnail and ${NEW} new ones; the title stays.`,
  packages: `Rotate title + thumbnail pairs: the current pair and ${NEW} new ones.`,
};

/**
 * Which kind of test: a radio group (Mantine's SegmentedControl renders real radio inputs, so
 * arrow keys move between kinds and screen readers name each one), named by the label above it.
 */
export function KindPicker({ value, onChange }: { value: TestKind; onChange: (kind: TestKind) => void }) {
  const labelId = useId();
  const hintId = useId();
  return (
    <Stack gap={4}>
      <Text component="span" id={labelId} fz="sm" fw={500}>
        What to test
      </Text>
      <SegmentedControl
        aria-labelledby={labelId}
        aria-describedby={hintId}
        data-testid="test-kind"
        fullWidth
        value={value}
        onChange={onChange}
        data={TEST_KINDS.map((kind) => ({ value: kind, label: TEST_KIND_LABELS[kind] }))}
      />
      <Text id={hintId} fz="xs" c="dimmed">
        {KIND_HINTS[value]}
      </Text>
    </Stack>
  );
}
