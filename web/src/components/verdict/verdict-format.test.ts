import { describe, expect, it } from 'vitest';
import type { VerdictView } from '../../api/test-types';
import {
  formatLiftInWords,
  formatProgressItem,
  formatProgressLine,
  summarizeVerdict,
} from './verdict-format';

type Title = VerdictView['titles'][number];
const title = (titleIndex: number, lift: number, low: number, high: number): Title => ({
  titleIndex,
  title: `Title text ${titleIndex + 1}`,
  liftPercent: lift,
  liftLowPercent: low,
  liftHighPercent: high,
  probabilityBest: 0.5,
  expectedLossPercent: 1,
});

const metProgress: VerdictView['progress'] = {
  fraction: 0.5,
  met: true,
  items: [
    { key: 'unitsPerTitle', label: 'measured windows per title', current: 42, required: 2, met: true },
    { key: 'eventsPerTitle', label: 'views per title', current: 412, required: 30, met: true },
    { key: 'planned', label: 'planned windows per title', current: 42, required: 84, met: false },
  ],
  days: { measured: 3.5, planned: 7 },
};

function view(patch: Partial<VerdictView>): VerdictView {
  return {
    verdict: 'inconclusive',
    label: 'Collecting data',
    awaitingFinalData: false,
    moreDaysNeeded: null,
    winnerTitleIndex: null,
    recommendedTitleIndex: 0,
    stage: 'running',
    chanceOfWinner: null,
    reason: '',
    metric: 'views',
    final: false,
    pValue: 0.2,
    method: 'randomisation',
    titles: [title(0, 0, 0, 0), title(1, 5.2, -3, 14)],
    progress: metProgress,
    notes: [],
    raw: [],
    ...patch,
  };
}

const JARGON = /degrees of freedom|expected loss|posterior|p-value|No winner yet|Before the end date/i;
const visibleWords = (summary: ReturnType<typeof summarizeVerdict>) =>
  [summary.headline, summary.why, summary.live ?? ''].join(' ');

describe('the verdict headline (issue 24, item 8)', () => {
  it('a running test short of a verdict is collecting data, with the days measured and what would go live', () => {
    const summary = summarizeVerdict(view({}));
    expect(summary.headline).toBe('Collecting data — 3.5 of 7 days');
    expect(summary.why).toMatch(/^Title 2 is ahead \(\+5%\), but not by enough yet/);
    expect(summary.live).toBe('If the test ended now: the original stays.');
  });

  it('before the minimums: collecting data while running, not enough data once ended', () => {
    const progress = {
      ...metProgress,
      met: false,
      items: [{ key: 'eventsPerTitle', label: 'views per title', current: 12, required: 30, met: false }],
      days: { measured: 0.25, planned: 7 },
    };
    expect(summarizeVerdict(view({ titles: [], progress })).headline).toBe(
      'Collecting data — 6 hours of 7 days',
    );
    expect(summarizeVerdict(view({ titles: [], progress: { ...progress, days: null } })).headline).toBe(
      'Not enough data yet',
    );
    const ended = summarizeVerdict(
      view({ titles: [], progress, stage: 'ended', final: true, label: 'Inconclusive' }),
    );
    expect(ended.headline).toBe('Not enough data — the original stays');
  });

  it('a winner names the title that goes live', () => {
    const titles = [title(0, 0, 0, 0), title(1, 29.3, 15.1, 45.4)];
    const running = summarizeVerdict(
      view({ verdict: 'winner', winnerTitleIndex: 1, recommendedTitleIndex: 1, titles }),
    );
    expect(running.headline).toBe('Title 2 wins');
    expect(running.why).toBe(
      'Title 2 did clearly better than the other title: +29% views per hour against the original.',
    );
    expect(running.live).toBe('If the test ended now: Title 2 goes live.');
    const ended = summarizeVerdict(
      view({
        verdict: 'winner',
        winnerTitleIndex: 1,
        recommendedTitleIndex: 1,
        titles,
        stage: 'ended',
        final: true,
      }),
    );
    expect(ended.live).toBe('Title 2 went live when the test ended.');
  });

  it('a thumbnail or package test names its variants in its own words', () => {
    const titles = [title(0, 0, 0, 0), title(1, 29.3, 15.1, 45.4)];
    const winner = summarizeVerdict(
      view({ verdict: 'winner', winnerTitleIndex: 1, recommendedTitleIndex: 1, titles }),
      'thumbnails',
    );
    expect(winner.headline).toBe('Thumbnail 2 wins');
    expect(winner.why).toMatch(/^Thumbnail 2 did clearly better than the other thumbnail:/);
    expect(winner.live).toBe('If the test ended now: Thumbnail 2 goes live.');
    expect(summarizeVerdict(view({ stage: 'cancelled', label: 'Inconclusive' }), 'packages').headline).toBe(
      'Cancelled — the original package is back',
    );
  });

  it('a challenger that beats the original goes live even when the best is not settled', () => {
    const titles = [title(0, 0, 0, 0), title(1, 29.3, 15.1, 45.4), title(2, 18.3, 4.9, 33.8)];
    const summary = summarizeVerdict(
      view({ recommendedTitleIndex: 1, titles, stage: 'ended', final: true, label: 'Inconclusive' }),
    );
    expect(summary.headline).toBe('Title 2 beats the original (+29%); Title 2 vs Title 3 not settled');
    expect(summary.why).toBe(
      'Title 2 did clearly better than the original on views per hour, but not clearly better than Title 3.',
    );
    expect(summary.live).toBe('Title 2 went live when the test ended.');
  });

  it('a finished draw says the original stays, never "No winner yet… Before the end date…"', () => {
    const same = summarizeVerdict(
      view({
        verdict: 'same',
        stage: 'ended',
        final: true,
        titles: [title(0, 0, 0, 0), title(1, 0.4, -2, 3)],
      }),
    );
    expect(same.headline).toBe('Performed the same — the original stays');
    const inconclusive = summarizeVerdict(view({ stage: 'ended', final: true, label: 'Inconclusive' }));
    expect(inconclusive.headline).toBe('Inconclusive — the original stays');
    expect(inconclusive.why).toBe('Title 2 was ahead (+5%), but not by enough to rule out chance.');
    for (const summary of [same, inconclusive]) expect(visibleWords(summary)).not.toMatch(JARGON);
  });

  it('a cancelled test and one waiting for its final figures say the original is live', () => {
    expect(summarizeVerdict(view({ stage: 'cancelled', label: 'Inconclusive' })).headline).toBe(
      'Cancelled — the original title is back',
    );
    const pending = summarizeVerdict(
      view({ stage: 'ended', awaitingFinalData: true, metric: 'ctr', label: 'Inconclusive' }),
    );
    expect(pending.headline).toBe('Waiting for YouTube’s final figures');
    expect(pending.live).toBe('The original title is live until the verdict.');
  });
});

describe('plain figures', () => {
  it('words a lift and its interval', () => {
    expect(formatLiftInWords(title(1, 12.2, 4.6, 19.4), 'views')).toBe(
      '+12% views per hour, likely between +5% and +19%',
    );
    expect(formatLiftInWords(title(1, -0.3, -8, 7.6), 'ctr')).toBe(
      '−0.3% click-through rate, likely between −8% and +8%',
    );
  });

  it('progress reads as one coherent line: a minimum met is ticked, one missing says what is needed', () => {
    expect(formatProgressLine(metProgress)).toBe('3.5 of 7 days measured; 412 views per title (30 needed) ✓');
    const short = {
      ...metProgress,
      met: false,
      items: [
        { key: 'unitsPerTitle', label: 'measured windows per title', current: 1, required: 2, met: false },
        { key: 'eventsPerTitle', label: 'views per title', current: 12, required: 30, met: false },
      ],
      days: { measured: 1, planned: 14 },
    };
    expect(formatProgressLine(short)).toBe(
      '1 of 14 days measured; 1 of 2 windows per title needed; 12 of 30 views per title needed',
    );
    for (const line of [formatProgressLine(metProgress), formatProgressLine(short)]) {
      expect(line).not.toMatch(/Reached|Still needed|Minimum sample/);
    }
    expect(formatProgressItem(metProgress.items[1]!)).toBe('views per title: 412 (at least 30) ✓');
  });

  it('the days measured say what the bar beside them shows (issue 36, item 6)', () => {
    const atEightyPercent = { ...metProgress, fraction: 0.8, days: { measured: 1.6, planned: 2 } };
    expect(formatProgressLine(atEightyPercent)).toMatch(/^1\.6 of 2 days measured;/);
    expect(formatProgressLine({ ...metProgress, days: { measured: 6.97, planned: 7 } })).toMatch(
      /^7 of 7 days measured;/,
    );
  });
});
