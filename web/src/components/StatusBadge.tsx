import { Badge } from '@mantine/core';
import { TEST_STATUS_LABELS } from '#shared/test-states';
import type { TestStatus } from '../api/test-types';

/** Active green, paused yellow, waiting for capacity blue, anything else grey. */
export function statusColor(status: TestStatus): string {
  if (status === 'active') return 'teal.9';
  if (status === 'paused') return 'yellow.5';
  if (status === 'queued') return 'blue.8';
  return 'gray.7';
}

export function StatusBadge({ status }: { status: TestStatus }) {
  return (
    <Badge color={statusColor(status)} variant="filled" autoContrast>
      {TEST_STATUS_LABELS[status]}
    </Badge>
  );
}
