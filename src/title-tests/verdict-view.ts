import type { AppContext } from '../app-context';
import type { TestVerdict, WindowObservation } from '../statistics';
import { analyzeTest } from '../statistics';
import type { TestRecord } from './title-test-records';
import type { VerdictView } from './title-tests.schemas';
import { observationsOf } from './verdict-inputs';

const percent = (value: number) => Math.round(value * 1000) / 10;

function isStoredVerdict(value: unknown): value is TestVerdict {
  return (
    typeof value === 'object' &&
    value !== null &&
    'verdict' in value &&
    'progress' in value &&
    'titles' in value
  );
}

function rawAverages(windows: WindowObservation[], titleCount: number): VerdictView['raw'] {
  return Array.from({ length: titleCount }, (_, titleIndex) => {
    const own = windows.filter((window) => window.titleIndex === titleIndex);
    const hours = own.reduce((sum, window) => sum + window.measuredHours, 0);
    const views = own.reduce((sum, window) => sum + window.views, 0);
    return {
      titleIndex,
      viewsPerHour: hours > 0 ? Math.round((views / hours) * 10) / 10 : null,
      windows: own.length,
    };
  });
}

/**
 * The verdict the analytics panel shows: the one decided at the end for a completed test, else
 * the engine's current reading (not final: "preferred" is only possible at the end).
 */
export async function verdictView(app: AppContext, record: TestRecord): Promise<VerdictView> {
  const windows = await observationsOf(app, record);
  const stored =
    record.test.status === 'completed' && isStoredVerdict(record.test.verdict) ? record.test.verdict : null;
  const verdict =
    stored ??
    analyzeTest({
      windows,
      titleCount: record.variants.length,
      metric: record.test.winnerMetric,
      intervalMinutes: record.test.rotationIntervalMinutes,
      isFinal: false,
      seed: record.test.scheduleSeed,
    });
  return {
    verdict: verdict.verdict,
    winnerTitleIndex: verdict.winnerTitleIndex,
    reason: verdict.reason,
    metric: verdict.metric,
    final: stored !== null,
    titles: verdict.titles.map((title) => ({
      titleIndex: title.titleIndex,
      title: record.variants[title.titleIndex]?.title ?? `Title ${title.titleIndex + 1}`,
      liftPercent: percent(title.lift),
      liftLowPercent: percent(title.liftLow),
      liftHighPercent: percent(title.liftHigh),
      probabilityBest: Math.round(title.probabilityBest * 1000) / 1000,
      expectedLossPercent: percent(title.expectedLoss),
    })),
    progress: {
      fraction: verdict.progress.fraction,
      met: verdict.progress.met,
      items: verdict.progress.items.map(({ label, current, required, met }) => ({
        label,
        current,
        required,
        met,
      })),
    },
    notes: verdict.notes,
    raw: rawAverages(windows, record.variants.length),
  };
}
