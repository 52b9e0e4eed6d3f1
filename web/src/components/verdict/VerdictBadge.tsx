import { Badge, type MantineSize } from '@mantine/core';
import type { VerdictKind } from '../../../../src/shared/test-shapes';
import { verdictColors } from './verdict-format';

/**
 * A verdict in the server's words (Winner / Performed the same / Inconclusive — not enough data),
 * or "Verdict pending" while the final figures are awaited. `wrap` lets a long label wrap (a
 * table cell).
 */
export function VerdictBadge({
  verdict,
  size = 'lg',
  wrap = false,
}: {
  verdict: { verdict: VerdictKind; label: string; awaitingFinalData: boolean };
  size?: MantineSize;
  wrap?: boolean;
}) {
  const pending = verdict.awaitingFinalData;
  return (
    <Badge
      color={pending ? 'blue.9' : verdictColors[verdict.verdict]}
      variant="filled"
      autoContrast
      size={size}
      radius="sm"
      {...(wrap
        ? { tt: 'none', h: 'auto', py: 2, styles: { label: { whiteSpace: 'normal', overflow: 'visible' } } }
        : {})}
    >
      {pending ? 'Verdict pending' : verdict.label}
    </Badge>
  );
}
