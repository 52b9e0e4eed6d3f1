import { Badge, type MantineSize } from '@mantine/core';
import { COLLECTING_DATA_LABEL, type VerdictKind } from '#shared/test-shapes';
import { verdictColors } from './verdict-format';

/**
 * A verdict in the server's words (Winner / Performed the same / Inconclusive, or Collecting data
 * while a running test is short of a verdict), or "Verdict pending" while the final figures are
 * awaited. `wrap` lets a long label wrap (a table cell).
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
  const collecting = verdict.label === COLLECTING_DATA_LABEL;
  return (
    <Badge
      color={pending ? 'blue.9' : collecting ? 'violet.7' : verdictColors[verdict.verdict]}
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
