import { Stack } from '@mantine/core';
import type { VerdictView } from '../../types';
import { FigureRow } from './FigureRow';
import { formatSignedPercent, formatViewsPerHour, naiveDifference } from './verdict-format';

/** Naive per-title averages (views per hour while each title was live), for comparison only. */
export function RawFigures({ raw, titles }: { raw: VerdictView['raw']; titles: string[] }) {
  const baseline = raw.find((entry) => entry.titleIndex === 0)?.viewsPerHour ?? null;
  return (
    <Stack
      component="ul"
      gap="xs"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      aria-label="Raw averages per title"
    >
      {raw.map((entry) => {
        const difference = naiveDifference(entry.viewsPerHour, baseline);
        return (
          <FigureRow
            key={entry.titleIndex}
            titleIndex={entry.titleIndex}
            title={titles[entry.titleIndex] ?? `Title ${entry.titleIndex + 1}`}
            figures={[
              { label: 'Raw average', value: formatViewsPerHour(entry.viewsPerHour) },
              {
                label: 'Raw difference vs Title 1',
                value:
                  entry.titleIndex === 0
                    ? 'Baseline'
                    : difference === null
                      ? '—'
                      : formatSignedPercent(difference),
              },
              { label: 'Windows', value: String(entry.windows) },
            ]}
          />
        );
      })}
    </Stack>
  );
}
