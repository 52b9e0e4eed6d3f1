import { describe, expect, it } from 'vitest';
import { forecastAdvice, forecastProblemWords, testLengthWords } from './forecast-problems';

describe('forecast problems in the creator’s words', () => {
  it('names the kind’s variants and the length the creator chose', () => {
    const words = forecastProblemWords(
      { code: 'few-units', unit: 'day', unitsPerVariant: 4 },
      { kind: 'thumbnails', variantCount: 3, durationDays: 14 },
    );
    expect(words).toBe(
      'A 14-day test is too short to compare 3 thumbnails: each thumbnail would be live for only 4 full YouTube days, too few to tell a real difference from ordinary ups and downs.',
    );
    expect(words).not.toMatch(/title|13 days|chance/);
  });

  it('speaks of windows and hours on short tests', () => {
    expect(testLengthWords(0.5)).toBe('A 12-hour test');
    expect(
      forecastProblemWords(
        { code: 'few-per-variant', unit: 'window', unitsPerVariant: 1 },
        { kind: 'packages', variantCount: 2, durationDays: 0.5 },
      ),
    ).toBe(
      'A 12-hour test is too short to compare 2 packages: each package would be live in only 1 window, and a verdict needs at least 2.',
    );
  });

  it('says how many views or clicks each variant would draw against the floor a verdict needs', () => {
    expect(
      forecastProblemWords(
        { code: 'few-events', event: 'views', eventsPerVariant: 21, required: 30 },
        { kind: 'titles', variantCount: 5, durationDays: 7 },
      ),
    ).toBe(
      'A 7-day test is too short to compare 5 titles: each title would draw about 21 views, too few to be sure every one reaches the 30 a verdict needs.',
    );
    expect(
      forecastProblemWords(
        { code: 'few-events', event: 'clicks', eventsPerVariant: 1, required: 30 },
        { kind: 'thumbnails', variantCount: 3, durationDays: 14 },
      ),
    ).toMatch(/each thumbnail would draw about 1 click, too few/);
  });

  it('advises fewer variants, the original counted, or more days', () => {
    expect(forecastAdvice({ kind: 'thumbnails', variantCount: 4 }, { titleCount: 2, durationDays: 14 })).toBe(
      'Compare at most 2 thumbnails (the original included), or make it longer.',
    );
    expect(forecastAdvice({ kind: 'titles', variantCount: 3 }, { titleCount: 3, durationDays: 20.2 })).toBe(
      'Make it at least 21 days long.',
    );
    expect(forecastAdvice({ kind: 'titles', variantCount: 3 }, null)).toBe(
      'Make it longer or compare fewer titles.',
    );
  });
});
