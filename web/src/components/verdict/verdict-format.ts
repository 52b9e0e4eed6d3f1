import { capitalised, VARIANT_NOUN, type TestKind } from '#shared/test-kinds';
import { METRIC_WORDS, SAME_PERFORMANCE_MARGIN } from '#shared/test-shapes';
import { moreDaysWords, versusWords, withinMarginWords } from '#shared/verdict-words';
import type { ProgressItem, VerdictTitle, VerdictView } from '../../api/test-types';
import { originalName, variantName } from '../variants/variant-name';

const MINUS = '\u2212';

/** A signed percentage with one decimal and a true minus sign: "+6.2%", "−1.0%". */
export function formatSignedPercent(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  if (rounded === 0) return '0.0%';
  return `${rounded > 0 ? '+' : MINUS}${Math.abs(rounded).toFixed(1)}%`;
}

/** Lift with its 95% interval: "+6.2% (−1.0% to +13.9%)". */
export function formatLiftWithInterval(lift: number, low: number, high: number): string {
  return `${formatSignedPercent(lift)} (${formatSignedPercent(low)} to ${formatSignedPercent(high)})`;
}

/** A 0..1 chance in whole percent that never shows 100% or 0%: a chance counted over draws is never certain. */
export function formatChance(probability: number): string {
  // The chance is counted over simulated draws: even all of them is not certainty.
  const percent = Math.round(probability * 100);
  if (percent >= 100) return '>99%';
  if (percent <= 0) return '<1%';
  return `${percent}%`;
}

export function formatLoss(percent: number): string {
  return `${Math.max(0, percent).toFixed(1)}%`;
}

/**
 * One of the engine's minimums, or the plan, in a line that cannot contradict itself: "views per
 * title: 412 (at least 30) ✓", "views per title: 12 of at least 30", "40 of 84 planned windows per title".
 */
export function formatProgressItem(item: ProgressItem): string {
  const current = Number.isInteger(item.current)
    ? item.current.toLocaleString('en-US')
    : item.current.toLocaleString('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (item.key === 'planned') return `${current} of ${item.required} ${item.label}`;
  return item.met
    ? `${item.label}: ${current} (at least ${item.required}) ✓`
    : `${item.label}: ${current} of at least ${item.required}`;
}

export function formatViewsPerHour(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)} views/hour`;
}

/** The naive difference of one title's raw average against Title 1's, or null when either is missing. */
export function naiveDifference(value: number | null, baseline: number | null): number | null {
  if (value === null || baseline === null || baseline <= 0) return null;
  return (value / baseline - 1) * 100;
}

export function formatCtrPercent(value: number | null): string {
  return value === null ? '—' : `${value.toFixed(1)}%`;
}

/** The verdict badge's colour per kind (its words come from the server's label). */
export const verdictColors: Record<VerdictView['verdict'], string> = {
  winner: 'teal.9',
  same: 'gray.7',
  inconclusive: 'yellow.5',
};

/** "About 3 more days would likely settle it", for a running test when the engine can tell. */
export function formatMoreDaysNeeded(days: number): string {
  return capitalised(moreDaysWords(days));
}

/** A percentage in plain words: whole percent ("+29%"), one decimal only when it would read as 0. */
export function formatRoundPercent(value: number): string {
  const whole = Math.round(value);
  if (whole === 0 && Math.round(value * 10) !== 0) return formatSignedPercent(value);
  if (whole === 0) return '0%';
  return `${whole > 0 ? '+' : MINUS}${Math.abs(whole)}%`;
}

/**
 * "Title 2" ("Thumbnail 2" in a thumbnail test); the baseline is "the original" in a sentence (the
 * variant that goes back when no other wins).
 */
export function titleName(index: number, capital = false, kind: TestKind = 'titles'): string {
  if (index !== 0) return variantName(kind, index);
  return capital ? 'The original' : 'the original';
}

/** The lift column's name: "Lift vs Title 1 (95% interval)", "Lift vs Thumbnail 1 (95% interval)". */
export const liftLabel = (kind: TestKind = 'titles'): string =>
  `Lift vs ${variantName(kind, 0)} (95% interval)`;

/** "+12% views per hour, likely between +5% and +19%": a lift and its 95% interval in plain words. */
export function formatLiftInWords(title: VerdictTitle, metric: VerdictView['metric']): string {
  return `${formatRoundPercent(title.liftPercent)} ${METRIC_WORDS[metric]}, likely between ${formatRoundPercent(title.liftLowPercent)} and ${formatRoundPercent(title.liftHighPercent)}`;
}

/** Days as a creator counts them: whole when within an hour or so, else one decimal. */
function roundDays(days: number): number {
  return Math.abs(days - Math.round(days)) < 0.05 ? Math.round(days) : Math.round(days * 10) / 10;
}

const plural = (count: number, word: string): string => `${count} ${word}${count === 1 ? '' : 's'}`;

/**
 * "4 of 7 days", "1.6 of 2 days", "5 hours of 7 days" (measured of planned), or null without a
 * plan: to a tenth of a day, so the words say what the progress bar beside them shows.
 */
export function formatDaysProgress(progress: VerdictView['progress']): string | null {
  if (!progress.days || progress.days.planned <= 0) return null;
  const planned = roundDays(progress.days.planned);
  const measured = Math.max(0, Math.min(progress.days.measured, planned));
  if (measured < 1) return `${plural(Math.round(measured * 24), 'hour')} of ${plural(planned, 'day')}`;
  return `${roundDays(measured)} of ${plural(planned, 'day')}`;
}

/** What the panel calls each of the engine's minimums (older verdicts may carry others). */
const EVENT_WORDS: Record<string, string> = { views: 'views', clicks: 'clicks' };

/**
 * Progress as one plain line: "4 of 7 days measured; 412 views per title (30 needed) ✓", or, short
 * of the minimums, "1 of 7 days measured; 12 of 30 views per title needed". Every part agrees with
 * the others: a minimum met is ticked, one missing says what is still needed.
 */
export function formatProgressLine(progress: VerdictView['progress']): string {
  const parts: string[] = [];
  const days = formatDaysProgress(progress);
  if (days) parts.push(`${days} measured`);
  for (const item of progress.items) {
    if (item.key === 'eventsPerTitle') {
      const what = EVENT_WORDS[item.label.split(' ')[0] ?? ''] ?? 'views';
      parts.push(
        item.met
          ? `${formatCount(item.current)} ${what} per title (${item.required} needed) ✓`
          : `${formatCount(item.current)} of ${item.required} ${what} per title needed`,
      );
    } else if (item.key === 'spareUnits' && !item.met) {
      parts.push(`${formatCount(item.current)} of ${item.required} ${item.label} needed`);
    } else if (item.key === 'unitsPerTitle' && (!item.met || !days)) {
      const unit = item.label.replace(/^measured /, '').replace(/ per title$/, '');
      parts.push(
        item.met
          ? `${formatCount(item.current)} ${unit} per title (${item.required} needed) ✓`
          : `${formatCount(item.current)} of ${item.required} ${unit} per title needed`,
      );
    }
  }
  return parts.length > 0 ? parts.join('; ') : 'Nothing measured yet';
}

const formatCount = (value: number): string =>
  Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(1);

/** The verdict in a few words: the headline, why, and which title is (or would be) live. */
export interface VerdictSummary {
  /** One line a creator reads first: "Title 2 wins", "Collecting data — 4 of 7 days". */
  headline: string;
  /** Why, in one or two plain sentences (no statistics words). */
  why: string;
  /** Which title goes live: "If the test ended now: Title 2 goes live." Null when the headline says it. */
  live: string | null;
  /** The badge's colour family: the verdict's, or blue while collecting or pending. */
  tone: 'winner' | 'beats' | 'same' | 'inconclusive' | 'collecting' | 'pending' | 'stopped';
}

/** The title most ahead of the original (the original itself when none is), from the estimates. */
function leaderOf(titles: readonly VerdictTitle[]): VerdictTitle | null {
  return titles.reduce<VerdictTitle | null>(
    (best, title) => (best === null || title.liftPercent > best.liftPercent ? title : best),
    null,
  );
}

function liveLine(verdict: VerdictView, index: number, kind: TestKind): string {
  const running = verdict.stage === 'running';
  if (index === 0)
    return running
      ? 'If the test ended now: the original stays.'
      : `${capitalised(originalName(kind))} stays.`;
  return running
    ? `If the test ended now: ${titleName(index, false, kind)} goes live.`
    : `${titleName(index, false, kind)} went live when the test ended.`;
}

/**
 * The verdict panel's headline from the verdict (issue 24, item 8): which title is (or will be)
 * live and why, in words a creator reads in ten seconds. The statistics stay behind "Show the
 * statistics"; nothing here is worded by the UI beyond what the verdict says.
 */
export function summarizeVerdict(verdict: VerdictView, kind: TestKind = 'titles'): VerdictSummary {
  const metric = METRIC_WORDS[verdict.metric];
  // What a variant is called in the sentences: "title", "thumbnail", "package".
  const noun = VARIANT_NOUN[kind].toLowerCase();
  const name = (index: number) => titleName(index, false, kind);
  const live = (index: number) => liveLine(verdict, index, kind);
  const running = verdict.stage === 'running';
  const days = formatDaysProgress(verdict.progress);
  const collecting = days ? `Collecting data — ${days}` : 'Not enough data yet';
  const byIndex = (index: number | null) =>
    index === null ? undefined : verdict.titles.find((title) => title.titleIndex === index);

  if (verdict.stage === 'cancelled')
    return {
      headline: `Cancelled — ${originalName(kind)} is back`,
      why: `The test was stopped before its end, so no ${noun} was chosen.`,
      live: null,
      tone: 'stopped',
    };
  if (verdict.awaitingFinalData)
    return {
      headline: 'Waiting for YouTube’s final figures',
      why: `YouTube reports ${metric} per day, 2–3 days late, so the verdict waits for the figures of the test’s last days.`,
      live: `${capitalised(originalName(kind))} is live until the verdict.`,
      tone: 'pending',
    };
  if (!verdict.progress.met || verdict.titles.length === 0) {
    return running
      ? {
          headline: collecting,
          why: `Too little has been measured so far to compare the ${noun}s.`,
          live: live(0),
          tone: 'collecting',
        }
      : {
          headline: 'Not enough data — the original stays',
          why: `The test ended before each ${noun} had enough views to compare them.`,
          live: null,
          tone: 'inconclusive',
        };
  }
  if (verdict.verdict === 'winner' && verdict.winnerTitleIndex !== null) {
    const winner = byIndex(verdict.winnerTitleIndex);
    const others = verdict.titles.length > 2 ? `every other ${noun}` : `the other ${noun}`;
    if (verdict.winnerTitleIndex === 0)
      return {
        headline: 'The original wins',
        why: `The original did clearly better than ${others} on ${metric}.`,
        live: live(0),
        tone: 'winner',
      };
    return {
      headline: `${name(verdict.winnerTitleIndex)} wins`,
      why: `${name(verdict.winnerTitleIndex)} did clearly better than ${others}${winner ? `: ${formatRoundPercent(winner.liftPercent)} ${metric} against the original` : ''}.`,
      live: live(verdict.winnerTitleIndex),
      tone: 'winner',
    };
  }
  if (verdict.verdict === 'same')
    return {
      headline: running ? 'Performing the same so far' : 'Performed the same — the original stays',
      why: `Every ${noun} is ${withinMarginWords(SAME_PERFORMANCE_MARGIN)} of the original on ${metric}, so the ${noun} makes no real difference.`,
      live: running ? live(0) : null,
      tone: 'same',
    };
  const recommended = byIndex(verdict.recommendedTitleIndex);
  if (recommended && recommended.titleIndex > 0) {
    const recommendedName = name(recommended.titleIndex);
    const rivals = verdict.titles
      .filter((title) => title.titleIndex > 0 && title.titleIndex !== recommended.titleIndex)
      .map((title) => name(title.titleIndex));
    const unsettled = versusWords(recommendedName, rivals);
    return {
      headline: `${recommendedName} beats the original (${formatRoundPercent(recommended.liftPercent)})${unsettled ? `; ${unsettled} not settled` : ''}`,
      why: `${recommendedName} did clearly better than the original on ${metric}${rivals.length > 0 ? `, but not clearly better than ${rivals.join(' or ')}` : ''}.`,
      live: live(recommended.titleIndex),
      tone: 'beats',
    };
  }
  const leader = leaderOf(verdict.titles);
  const ahead = leader && leader.titleIndex > 0 && leader.liftPercent > 0 ? leader : null;
  if (running)
    return {
      headline: collecting,
      why: ahead
        ? `${name(ahead.titleIndex)} is ahead (${formatRoundPercent(ahead.liftPercent)}), but not by enough yet: while a test runs, a ${noun} must be far ahead to be called the winner.`
        : `No ${noun} is ahead of the original by enough yet.`,
      live: live(0),
      tone: 'collecting',
    };
  return {
    headline: 'Inconclusive — the original stays',
    why: ahead
      ? `${name(ahead.titleIndex)} was ahead (${formatRoundPercent(ahead.liftPercent)}), but not by enough to rule out chance.`
      : `No ${noun} did better than the original by enough to rule out chance.`,
    live: null,
    tone: 'inconclusive',
  };
}

/** A p-value in plain figures: "0.1%", "<0.1%", "12%". */
export function formatPValue(value: number): string {
  if (value < 0.001) return '<0.1%';
  if (value < 0.1) return `${(Math.round(value * 1000) / 10).toFixed(1)}%`;
  return `${Math.round(value * 100)}%`;
}

/** How the verdict was computed, in words. */
export function methodWords(method: string | null): string {
  if (method === 'randomisation') return 'Randomisation test over 999 redrawn schedules';
  return method ?? 'Not computed yet';
}
