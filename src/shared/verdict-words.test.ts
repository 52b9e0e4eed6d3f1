import { describe, expect, it } from 'vitest';
import { VARIANT_WORDS } from './test-kinds';
import {
  missingWords,
  moreDaysWords,
  progressItemLabel,
  verdictNotes,
  verdictReasonWords,
  versusWords,
  withinMarginWords,
  type VerdictReason,
  type VerdictReasonCode,
} from './verdict-words';

const titles = { metric: 'views', words: VARIANT_WORDS.titles } as const;
const lift = { lift: 0.07, low: -0.01, high: 0.15 };

describe('verdict reasons in the creator’s words', () => {
  it('says what is missing, and once the test ended, that the original stays', () => {
    const reason: VerdictReason = {
      code: 'not-enough-data',
      ended: false,
      missing: [
        { key: 'unitsPerTitle', current: 1, required: 2 },
        { key: 'eventsPerTitle', current: 12, required: 30 },
      ],
      unit: 'days',
      event: 'clicks',
    };
    expect(verdictReasonWords(reason, titles)).toBe(
      'Not enough data yet: 1 of 2 measured days per title, 12 of 30 clicks per title.',
    );
    expect(
      verdictReasonWords({ ...reason, ended: true }, { metric: 'ctr', words: VARIANT_WORDS.packages }),
    ).toBe(
      'Not enough data: the test ended with 1 of 2 measured days per title, 12 of 30 clicks per title, so the original title and thumbnail stay.',
    );
  });

  it('says when the windows do not fit the schedule, or the figures could not be analysed', () => {
    expect(verdictReasonWords({ code: 'schedule-mismatch' }, titles)).toBe(
      'These windows do not match the test’s schedule, so Titlewise cannot compare the titles.',
    );
    expect(verdictReasonWords({ code: 'analysis-failed' }, titles)).toBe(
      'Titlewise could not analyse these figures reliably, so no title is called the winner.',
    );
  });

  it('names the original when it wins, against one variant or every other', () => {
    expect(verdictReasonWords({ code: 'original-wins', variantCount: 2 }, titles)).toBe(
      'Title 1 wins: it did better than Title 2, so the original title stays.',
    );
    expect(
      verdictReasonWords(
        { code: 'original-wins', variantCount: 3 },
        { metric: 'ctr', words: VARIANT_WORDS.thumbnails },
      ),
    ).toBe('Thumbnail 1 wins: it did better than every other thumbnail, so the original thumbnail stays.');
  });

  it('gives a winning challenger’s lift and interval on the test’s metric', () => {
    expect(verdictReasonWords({ code: 'challenger-wins', winner: 1, lift, variantCount: 2 }, titles)).toBe(
      'Title 2 wins: +7.0% views per hour (95% interval -1.0% to +15.0%) against Title 1, clearly ahead of it.',
    );
    expect(
      verdictReasonWords(
        { code: 'challenger-wins', winner: 2, lift, variantCount: 3 },
        { metric: 'combined', words: VARIANT_WORDS.thumbnails },
      ),
    ).toBe(
      'Thumbnail 3 wins: +7.0% watch time per impression (95% interval -1.0% to +15.0%) against Thumbnail 1, clearly ahead of every other thumbnail.',
    );
  });

  it('says the variants performed the same within the margin', () => {
    expect(verdictReasonWords({ code: 'same', margin: 0.05 }, { ...titles, metric: 'ctr' })).toBe(
      'The titles performed the same: every title is within ±5% of Title 1 on click-through rate, so the original title stays.',
    );
  });

  it('puts live a challenger that beats the original, naming the comparisons not settled', () => {
    const beats: VerdictReason = {
      code: 'beats-original',
      best: 1,
      lift: { lift: 0.293, low: 0.151, high: 0.454 },
      unsettled: [2],
      ended: true,
    };
    expect(verdictReasonWords(beats, titles)).toBe(
      'Title 2 beats the original by +29.3% views per hour (95% interval +15.1% to +45.4%); Title 2 vs Title 3 is not settled. Title 2 goes live.',
    );
    expect(verdictReasonWords({ ...beats, unsettled: [], ended: false }, titles)).toBe(
      'Title 2 beats the original by +29.3% views per hour (95% interval +15.1% to +45.4%). If the test ended now, Title 2 would go live.',
    );
  });

  it('says no winner yet while the test runs, and no clear winner once it ended', () => {
    const running: VerdictReason = { code: 'no-winner', leader: 1, lift, moreDays: 3, ended: false };
    expect(verdictReasonWords(running, titles)).toBe(
      'No winner yet: Title 2 is ahead: +7.0% views per hour (95% interval -1.0% to +15.0%). Early in a test a winner must be far ahead, because the test is read every day; about 3 more days would likely settle it.',
    );
    expect(
      verdictReasonWords(
        { code: 'no-winner', leader: 0, lift: null, moreDays: 1, ended: true },
        { metric: 'ctr', words: VARIANT_WORDS.thumbnails },
      ),
    ).toBe(
      'No clear winner: Thumbnail 1 is ahead, but not by enough to rule out chance; about 1 more day would likely have settled it. The original thumbnail stays.',
    );
    expect(verdictReasonWords({ ...running, moreDays: null, ended: true }, titles)).toBe(
      'No clear winner: Title 2 is ahead: +7.0% views per hour (95% interval -1.0% to +15.0%), but not by enough to rule out chance. The original title stays.',
    );
  });

  it('words every reason code', () => {
    const every: Record<VerdictReasonCode, VerdictReason> = {
      'not-enough-data': {
        code: 'not-enough-data',
        ended: false,
        missing: [],
        unit: 'windows',
        event: 'views',
      },
      'schedule-mismatch': { code: 'schedule-mismatch' },
      'analysis-failed': { code: 'analysis-failed' },
      'original-wins': { code: 'original-wins', variantCount: 2 },
      'challenger-wins': { code: 'challenger-wins', winner: 1, lift, variantCount: 2 },
      same: { code: 'same', margin: 0.05 },
      'beats-original': { code: 'beats-original', best: 1, lift, unsettled: [], ended: false },
      'no-winner': { code: 'no-winner', leader: 0, lift: null, moreDays: null, ended: false },
    };
    for (const reason of Object.values(every)) expect(verdictReasonWords(reason, titles)).toMatch(/\.$/);
  });
});

describe('the verdict’s smaller words', () => {
  it('calls each progress count by its unit and event', () => {
    const units = { unit: 'windows', event: 'views' } as const;
    expect(progressItemLabel('unitsPerTitle', units)).toBe('measured windows per title');
    expect(progressItemLabel('eventsPerTitle', { unit: 'days', event: 'clicks' })).toBe('clicks per title');
    expect(progressItemLabel('spareUnits', units)).toBe("windows to compare beyond the video's daily rhythm");
    expect(progressItemLabel('planned', { unit: 'days', event: 'views' })).toBe('planned days per title');
    expect(missingWords([{ key: 'spareUnits', current: 3, required: 4 }], units)).toBe(
      "3 of 4 windows to compare beyond the video's daily rhythm",
    );
  });

  it('says how many more days would settle it, in whole days', () => {
    expect(moreDaysWords(1)).toBe('about 1 more day would likely settle it');
    expect(moreDaysWords(2.2)).toBe('about 3 more days would likely settle it');
    expect(moreDaysWords(4, true)).toBe('about 4 more days would likely have settled it');
  });

  it('words the margin and the comparisons not settled', () => {
    expect(withinMarginWords(0.05)).toBe('within ±5%');
    expect(versusWords('Title 2', ['Title 3', 'Title 4'])).toBe('Title 2 vs Title 3, Title 2 vs Title 4');
  });

  it('notes whose calculation the figures are, and how daily figures arrive', () => {
    expect(verdictNotes({ metric: 'views', words: VARIANT_WORDS.thumbnails })).toEqual([
      'Lifts, intervals and chances are Titlewise’s own calculation from YouTube’s figures, relative to Thumbnail 1.',
    ]);
    expect(verdictNotes({ metric: 'ctr', words: VARIANT_WORDS.titles })).toEqual([
      'Lifts, intervals and chances are Titlewise’s own calculation from YouTube’s figures, relative to Title 1.',
      'YouTube reports impressions, CTR and watch time per day, 2–3 days late: each day is one measurement.',
    ]);
  });
});
