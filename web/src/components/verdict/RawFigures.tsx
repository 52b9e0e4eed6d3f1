import type { VerdictView } from '../../api/test-types';
import type { VariantLook } from '../variants/test-variants';
import { variantName } from '../variants/variant-name';
import { type Figure, FigureList, FigureRow } from './FigureRow';
import { formatCtrPercent, formatSignedPercent, formatViewsPerHour, naiveDifference } from './verdict-format';

type Raw = VerdictView['raw'][number];

interface RawFiguresProps extends VariantLook {
  raw: VerdictView['raw'];
  titles: string[];
  metric: VerdictView['metric'];
}

/**
 * Naive per-title averages, for comparison only: CTR (for a CTR test) and views per hour while
 * each title was live, the naive difference against Title 1 on the judged figure, and how many
 * days (daily metrics) or windows (views) each title had.
 */
export function RawFigures({ raw, titles, metric, kind, thumbnails }: RawFiguresProps) {
  const judged = (entry: Raw | undefined) =>
    (metric === 'ctr' ? entry?.ctrPercent : entry?.viewsPerHour) ?? null;
  const baseline = judged(raw.find((entry) => entry.titleIndex === 0));
  return (
    <FigureList label="Raw averages per title">
      {raw.map((entry) => {
        const difference = naiveDifference(judged(entry), baseline);
        const figures: Figure[] = [
          ...(metric === 'ctr' ? [{ label: 'Raw CTR', value: formatCtrPercent(entry.ctrPercent) }] : []),
          {
            label: metric === 'ctr' ? 'Views per hour' : 'Raw average',
            value: formatViewsPerHour(entry.viewsPerHour),
          },
          {
            label: `Raw difference vs ${variantName(kind ?? 'titles', 0)}`,
            value:
              entry.titleIndex === 0
                ? 'Baseline'
                : difference === null
                  ? '—'
                  : formatSignedPercent(difference),
          },
          metric === 'views'
            ? { label: 'Windows', value: String(entry.windows) }
            : { label: 'Days', value: String(entry.days) },
        ];
        return (
          <FigureRow
            key={entry.titleIndex}
            titleIndex={entry.titleIndex}
            title={titles[entry.titleIndex] ?? `Title ${entry.titleIndex + 1}`}
            figures={figures}
            kind={kind}
            thumbnail={thumbnails?.[entry.titleIndex]}
          />
        );
      })}
    </FigureList>
  );
}
