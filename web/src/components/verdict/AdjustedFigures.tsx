import { Text } from '@mantine/core';
import { VERDICT_LABELS } from '../../../../src/shared/test-shapes';
import type { VerdictView } from '../../api/test-types';
import { FigureList, FigureRow } from './FigureRow';
import { formatChance, formatLiftWithInterval, formatLoss } from './verdict-format';

/** The engine's per-title estimates: lift vs Title 1 with its 95% interval, chance to be best, expected loss. */
export function AdjustedFigures({ verdict }: { verdict: VerdictView }) {
  if (verdict.titles.length === 0) {
    return (
      <Text fz="sm" c="dimmed" py="sm">
        No estimate yet: each title needs measured windows before Titlewise can compare them.
      </Text>
    );
  }
  const mark = verdict.verdict === 'winner' ? VERDICT_LABELS.winner : null;
  return (
    <FigureList label="Adjusted figures per title">
      {verdict.titles.map((title) => (
        <FigureRow
          key={title.titleIndex}
          titleIndex={title.titleIndex}
          title={title.title}
          mark={title.titleIndex === verdict.winnerTitleIndex ? mark : null}
          figures={[
            {
              label: 'Lift vs Title 1 (95% interval)',
              value:
                title.titleIndex === 0
                  ? 'Baseline'
                  : formatLiftWithInterval(title.liftPercent, title.liftLowPercent, title.liftHighPercent),
            },
            { label: 'Chance to be best', value: formatChance(title.probabilityBest) },
            { label: 'Expected loss', value: formatLoss(title.expectedLossPercent) },
          ]}
        />
      ))}
    </FigureList>
  );
}
