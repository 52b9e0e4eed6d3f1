import { Badge } from '@mantine/core';
import { AppTooltip } from '../../../components/AppTooltip';
import type { FigureSource } from '../../../api/test-types';

const explanations: Record<FigureSource, string> = {
  measured: 'Measured: YouTube reported this figure for exactly this period.',
  estimated: 'Estimated: YouTube reports this per day only, so Titlewise estimates it for shorter windows.',
  pending:
    'Pending: YouTube has not reported this day yet (its daily data arrives days later; the card says when).',
};

const labels: Record<FigureSource, string> = { measured: 'measured', estimated: 'est.', pending: 'pending' };

/** Says whether a figure is measured, estimated or still pending, with a tooltip explaining it. */
export function FigureSourceTag({ source }: { source: FigureSource }) {
  return (
    <AppTooltip label={explanations[source]}>
      <Badge
        size="xs"
        variant="light"
        color={source === 'measured' ? 'teal' : source === 'estimated' ? 'orange' : 'gray'}
        tabIndex={0}
        aria-label={explanations[source]}
      >
        {labels[source]}
      </Badge>
    </AppTooltip>
  );
}
