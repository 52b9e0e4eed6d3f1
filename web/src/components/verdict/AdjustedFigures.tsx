import { Text } from '@mantine/core';
import { VERDICT_LABELS } from '#shared/test-shapes';
import type { VerdictView } from '../../api/test-types';
import type { VariantLook } from '../variants/test-variants';
import { FigureList, FigureRow } from './FigureRow';
import { formatChance, formatLiftWithInterval, formatLoss, liftLabel } from './verdict-format';

/**
 * The engine's per-title statistics, behind "Show the statistics": lift vs Title 1 with its 95%
 * interval, chance to be best and expected loss (each explained in StatisticsGlossary).
 */
export function AdjustedFigures({
  verdict,
  titles,
  kind,
  thumbnails,
}: { verdict: VerdictView; titles: string[] } & VariantLook) {
  if (verdict.titles.length === 0) {
    return (
      <Text fz="sm" c="dimmed" py="sm">
        No estimate yet: each title needs more measured views before Titlewise compares them.
      </Text>
    );
  }
  const mark = verdict.verdict === 'winner' ? VERDICT_LABELS.winner : null;
  return (
    <FigureList label="Statistics per title">
      {verdict.titles.map((title) => (
        <FigureRow
          key={title.titleIndex}
          titleIndex={title.titleIndex}
          title={titles[title.titleIndex] ?? title.title}
          kind={kind}
          thumbnail={thumbnails?.[title.titleIndex]}
          mark={title.titleIndex === verdict.winnerTitleIndex ? mark : null}
          figures={[
            {
              label: liftLabel(kind),
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
