// What the statistics engine found, as reason codes and numbers (src/statistics/verdict.ts,
// progress.ts), and the one place it is put into the words a creator reads: the server words the
// verdict it stores and answers (src/title-tests/figures/worded-verdict.ts), and the web app's panel
// (web/src/components/verdict/verdict-format.ts) uses the same phrases where it says the same
// thing. Pure (no Node or DOM imports), so web/ imports it at runtime. docs/decisions/0048.

import { capitalised, theOriginal, type VariantWords } from './test-kinds';
import { METRIC_WORDS, type WinnerMetric } from './test-shapes';

/** A lift and its 95% interval, as fractions of the first variant's level (0.07 = +7%). */
export interface LiftReading {
  lift: number;
  low: number;
  high: number;
}

/** The engine's minimums, and the plan: what the progress of a test counts. */
export type ProgressKey = 'unitsPerTitle' | 'eventsPerTitle' | 'spareUnits' | 'planned';

/** What a test's progress counts in: windows (views tests) or days (daily figures), and views or clicks. */
export interface ProgressUnits {
  unit: 'windows' | 'days';
  event: 'views' | 'clicks';
}

/** One count short of its minimum: "1 of 2 measured days per title". */
export interface MissingCount {
  key: ProgressKey;
  current: number;
  required: number;
}

/**
 * Why the engine reads a test as it does. Variants are numbered from 0 (the original); `ended`:
 * the test is over, so the words say what goes live rather than what would.
 *
 * - `not-enough-data`: a minimum is not met (`missing`), so no comparison is shown.
 * - `schedule-mismatch`: the windows do not fit the test's schedule; nothing can be compared.
 * - `analysis-failed`: the engine failed on these figures; nothing is called the winner.
 * - `original-wins` / `challenger-wins`: the leader cleared the winner bar.
 * - `same`: every challenger's interval lies within ±`margin` of the original.
 * - `beats-original`: `best` beats the original with the winner's confidence; against `unsettled` it is not settled.
 * - `no-winner`: no one cleared the bar; `leader` leads (0: the original), `moreDays` might settle it.
 */
export type VerdictReason =
  | ({ code: 'not-enough-data'; ended: boolean; missing: MissingCount[] } & ProgressUnits)
  | { code: 'schedule-mismatch' }
  | { code: 'analysis-failed' }
  | { code: 'original-wins'; variantCount: number }
  | { code: 'challenger-wins'; winner: number; lift: LiftReading; variantCount: number }
  | { code: 'same'; margin: number }
  | { code: 'beats-original'; best: number; lift: LiftReading; unsettled: number[]; ended: boolean }
  | { code: 'no-winner'; leader: number; lift: LiftReading | null; moreDays: number | null; ended: boolean };

export type VerdictReasonCode = VerdictReason['code'];

/** How the words speak: the test's metric and the words of its kind of variant. */
export interface VerdictWordsContext {
  metric: WinnerMetric;
  words: VariantWords;
}

/** "Title 2", "Thumbnail 1": a variant by its number (index from 0). */
export const variantNumberName = (words: VariantWords, index: number): string => `${words.name} ${index + 1}`;

/** "+6.2%", "-1.0%": a fraction as a signed percentage with one decimal, as the verdict's reason writes it. */
const signedPercent = (value: number): string => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;

/** "+7.0% views per hour (95% interval -1.0% to +15.0%)". */
export function liftWords(lift: LiftReading, metric: WinnerMetric): string {
  return `${signedPercent(lift.lift)} ${METRIC_WORDS[metric]} (95% interval ${signedPercent(lift.low)} to ${signedPercent(lift.high)})`;
}

/** "within ±5%": the band in which variants performed the same. */
export const withinMarginWords = (margin: number): string => `within ±${margin * 100}%`;

/** "Title 2 vs Title 3, Title 2 vs Title 4": the comparisons not settled between one variant and its rivals. */
export const versusWords = (name: string, rivals: readonly string[]): string =>
  rivals.map((rival) => `${name} vs ${rival}`).join(', ');

/** "about 3 more days would likely settle it" ("have settled" once the test is over), in whole days. */
export function moreDaysWords(days: number, ended = false): string {
  const whole = Math.max(1, Math.ceil(days));
  return `about ${whole} more ${whole === 1 ? 'day' : 'days'} would likely ${ended ? 'have settled' : 'settle'} it`;
}

/** What a progress count is called: "measured days per title", "clicks per title". */
export function progressItemLabel(key: ProgressKey, units: ProgressUnits): string {
  switch (key) {
    case 'unitsPerTitle':
      return `measured ${units.unit} per title`;
    case 'eventsPerTitle':
      return `${units.event} per title`;
    case 'spareUnits':
      return `${units.unit} to compare beyond the video's daily rhythm`;
    case 'planned':
      return `planned ${units.unit} per title`;
  }
}

/** "1 of 2 measured days per title, 12 of 30 views per title": the minimums still missing. */
export function missingWords(missing: readonly MissingCount[], units: ProgressUnits): string {
  return missing
    .map((count) => `${count.current} of ${count.required} ${progressItemLabel(count.key, units)}`)
    .join(', ');
}

/** The verdict's reason in one or two sentences, as the API answers it and the card shows it. */
export function verdictReasonWords(reason: VerdictReason, { metric, words }: VerdictWordsContext): string {
  const name = (index: number) => variantNumberName(words, index);
  const first = name(0);
  const stays = theOriginal(words, 'stays', 'stay');
  const everyOther = `every other ${words.one}`;
  switch (reason.code) {
    case 'not-enough-data':
      return reason.ended
        ? `Not enough data: the test ended with ${missingWords(reason.missing, reason)}, so ${stays}.`
        : `Not enough data yet: ${missingWords(reason.missing, reason)}.`;
    case 'schedule-mismatch':
      return 'These windows do not match the test’s schedule, so Titlewise cannot compare the titles.';
    case 'analysis-failed':
      return 'Titlewise could not analyse these figures reliably, so no title is called the winner.';
    case 'original-wins':
      return `${first} wins: it did better than ${reason.variantCount > 2 ? everyOther : name(1)}, so ${stays}.`;
    case 'challenger-wins':
      return `${name(reason.winner)} wins: ${liftWords(reason.lift, metric)} against ${first}, clearly ahead of ${reason.variantCount > 2 ? everyOther : 'it'}.`;
    case 'same':
      return `The ${words.many} performed the same: every ${words.one} is ${withinMarginWords(reason.margin)} of ${first} on ${METRIC_WORDS[metric]}, so ${stays}.`;
    case 'beats-original': {
      const best = name(reason.best);
      const unsettled =
        reason.unsettled.length > 0
          ? `; ${versusWords(best, reason.unsettled.map(name))} is not settled`
          : '';
      const live = reason.ended ? `${best} goes live.` : `If the test ended now, ${best} would go live.`;
      return `${best} beats the original by ${liftWords(reason.lift, metric)}${unsettled}. ${live}`;
    }
    case 'no-winner': {
      const ahead =
        reason.leader === 0 || reason.lift === null
          ? `${name(reason.leader)} is ahead`
          : `${name(reason.leader)} is ahead: ${liftWords(reason.lift, metric)}`;
      const settle = reason.moreDays === null ? '' : `; ${moreDaysWords(reason.moreDays, reason.ended)}`;
      return reason.ended
        ? `No clear winner: ${ahead}, but not by enough to rule out chance${settle}. ${capitalised(stays)}.`
        : `No winner yet: ${ahead}. Early in a test a winner must be far ahead, because the test is read every day${settle}.`;
    }
  }
}

/** The caveats under every verdict: whose calculation the figures are, and how daily figures arrive. */
export function verdictNotes({ metric, words }: VerdictWordsContext): string[] {
  const notes = [
    `Lifts, intervals and chances are Titlewise’s own calculation from YouTube’s figures, relative to ${variantNumberName(words, 0)}.`,
  ];
  if (metric !== 'views')
    notes.push(
      'YouTube reports impressions, CTR and watch time per day, 2–3 days late: each day is one measurement.',
    );
  return notes;
}
