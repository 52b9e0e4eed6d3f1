import { Badge } from '@mantine/core';
import type { VerdictView } from '../../types';
import { verdictColors, verdictLabels } from './verdict-format';

/** Winner / Preferred / No meaningful difference / Not enough data yet. */
export function VerdictBadge({ verdict }: { verdict: VerdictView['verdict'] }) {
  return (
    <Badge color={verdictColors[verdict]} variant="filled" autoContrast size="lg" radius="sm">
      {verdictLabels[verdict]}
    </Badge>
  );
}
