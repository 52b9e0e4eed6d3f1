import { Badge } from '@mantine/core';
import type { TestStatus } from '../api/test-types';

/** Active green, paused yellow, anything else grey. */
export function statusColor(status: TestStatus): string {
  if (status === 'active') return 'teal.9';
  if (status === 'paused') return 'yellow.5';
  return 'gray.7';
}

export function StatusBadge({ status }: { status: TestStatus }) {
  return (
    <Badge color={statusColor(status)} variant="filled" autoContrast>
      {status}
    </Badge>
  );
}
