import { Badge } from '@mantine/core';
import type { VerdictView } from '../../types';
import { verdictColors } from './verdict-format';

/** The verdict in the server's words (Winner / Performed the same / Inconclusive — not enough data), or pending. */
export function VerdictBadge({ verdict }: { verdict: VerdictView }) {
  if (verdict.awaitingFinalData) {
    return (
      <Badge color="blue.9" variant="filled" autoContrast size="lg" radius="sm">
        Verdict pending
      </Badge>
    );
  }
  return (
    <Badge color={verdictColors[verdict.verdict]} variant="filled" autoContrast size="lg" radius="sm">
      {verdict.label}
    </Badge>
  );
}
