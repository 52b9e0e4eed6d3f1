import type { RotationLog } from '../../../api/test-types';
import { VARIANT_WORDS, type TestKind } from '#shared/test-kinds';
import { variantName } from '../../../components/variants/variant-name';

const PACIFIC = 'America/Los_Angeles';
const MINUTE_MS = 60_000;

/** One Pacific day a single title held, with that day's CTR (YouTube's daily figure, in %). */
export interface CtrDay {
  /** The Pacific day, YYYY-MM-DD. */
  day: string;
  /** The axis label, e.g. "Nov 3". */
  label: string;
  /** "Title 1".."Title k" ("Thumbnail 1".., "Package 1".. by the test's kind). */
  title: string;
  titleText: string;
  ctr: number;
}

/** A chart row: the day and the CTR of the title that held it, under that title's key. */
export type CtrTrendRow = { label: string } & Partial<Record<string, number | string>>;

/** "Title 1".."Title k" (or the kind's own noun), the series of the chart, one per variant of the test. */
export function titleSeriesNames(titleCount: number, kind: TestKind = 'titles'): string[] {
  return Array.from({ length: titleCount }, (_, index) => variantName(kind, index));
}

function pacificDay(at: Date): string {
  return at.toLocaleDateString('en-CA', { timeZone: PACIFIC });
}

function dayLabel(at: Date): string {
  return at.toLocaleDateString('en-US', { timeZone: PACIFIC, month: 'short', day: 'numeric' });
}

/**
 * The days each title held, with the day's CTR: YouTube reports CTR once per Pacific day, so a
 * day is a title's own only when that title was the one live all day (a daily test). Rotations
 * the verdict leaves out are left out here too (src/title-tests/figures/counted-windows.ts), as are days
 * without a figure yet and days two titles shared.
 */
export function ctrDays(logs: readonly RotationLog[]): CtrDay[] {
  const byDay = new Map<string, CtrDay | 'shared'>();
  for (const log of logs) {
    if (log.analysis === 'excluded' || log.ctrAtRotation === null || log.activatedAt === null) continue;
    // The day its figure is read with: the one its middle falls in (rotationDay on the server).
    const at = new Date(new Date(log.activatedAt).getTime() + ((log.durationMinutes ?? 0) * MINUTE_MS) / 2);
    const day = pacificDay(at);
    const seen = byDay.get(day);
    if (seen === 'shared') continue;
    if (seen && seen.title !== log.title) {
      byDay.set(day, 'shared');
      continue;
    }
    byDay.set(day, {
      day,
      label: dayLabel(at),
      title: log.title,
      titleText: log.titleText,
      ctr: Number(log.ctrAtRotation.toFixed(1)),
    });
  }
  return [...byDay.values()]
    .filter((entry): entry is CtrDay => entry !== 'shared')
    .sort((a, b) => a.day.localeCompare(b.day));
}

/** The chart's rows: one per day, the CTR under the key of the title that held it. */
export function ctrTrendRows(days: readonly CtrDay[]): CtrTrendRow[] {
  return days.map((entry) => ({ label: entry.label, [entry.title]: entry.ctr }));
}

/** A sentence for screen readers: each title's daily CTRs, in order. */
export function ctrTrendSummary(
  days: readonly CtrDay[],
  titleCount: number,
  kind: TestKind = 'titles',
): string {
  const parts = titleSeriesNames(titleCount, kind).map((name) => {
    const own = days.filter((entry) => entry.title === name);
    return own.length === 0
      ? `${name}: no day yet`
      : `${name}: ${own.map((entry) => `${entry.ctr}% on ${entry.label}`).join(', ')}`;
  });
  return `Daily CTR by ${VARIANT_WORDS[kind].one}. ${parts.join('; ')}.`;
}

/** Why a test that switches variants within a day has no CTR per variant, in its kind's words. */
export function subDayCtrText(kind: TestKind): string {
  const { one, many } = VARIANT_WORDS[kind];
  return `This test switches ${many} within a day, and YouTube reports CTR once per whole day, so no day’s CTR belongs to one ${one}. The comparison beside compares the ${many} on views per hour.`;
}
