import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { metricSamples } from '../../../db/schema';
import { viewsAt } from './window-observations';

type Sample = typeof metricSamples.$inferSelect;

const sample = (minute: number, viewCount: number): Sample => ({
  id: `${minute}-${viewCount}`,
  videoId: 'video',
  channelId: null,
  sampledAt: new Date(Date.UTC(2026, 0, 1) + minute * 60_000),
  viewCount,
  likeCount: null,
  commentCount: null,
});

/** The definition, one pass over every sample: the latest at or before, the earliest at or after. */
function reference(samples: Sample[], at: Date): number | null {
  let before: Sample | null = null;
  let after: Sample | null = null;
  for (const entry of samples) {
    if (entry.sampledAt <= at && (!before || entry.sampledAt > before.sampledAt)) before = entry;
    if (entry.sampledAt >= at && (!after || entry.sampledAt < after.sampledAt)) after = entry;
  }
  if (!before || !after) return null;
  const span = after.sampledAt.getTime() - before.sampledAt.getTime();
  if (span === 0) return before.viewCount;
  return (
    before.viewCount +
    ((at.getTime() - before.sampledAt.getTime()) / span) * (after.viewCount - before.viewCount)
  );
}

describe('viewsAt', () => {
  it('interpolates between the samples around an instant, and knows nothing outside them', () => {
    const samples = [sample(0, 100), sample(10, 200), sample(20, 260)];
    expect(viewsAt(samples, samples[1]!.sampledAt)).toBe(200);
    expect(viewsAt(samples, new Date(samples[0]!.sampledAt.getTime() + 5 * 60_000))).toBe(150);
    expect(viewsAt(samples, new Date(samples[0]!.sampledAt.getTime() - 1))).toBeNull();
    expect(viewsAt(samples, new Date(samples[2]!.sampledAt.getTime() + 1))).toBeNull();
    expect(viewsAt([], new Date())).toBeNull();
  });

  it('answers as one pass over every sample would, repeated instants included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 0, max: 10_000 })), {
          maxLength: 30,
        }),
        fc.integer({ min: -5, max: 65 }),
        (entries, minute) => {
          const samples = entries
            .map(([at, views]) => sample(at, views))
            .sort((a, b) => a.sampledAt.getTime() - b.sampledAt.getTime());
          const at = new Date(Date.UTC(2026, 0, 1) + minute * 60_000 + 17_000);
          const exact = new Date(Date.UTC(2026, 0, 1) + minute * 60_000);
          expect(viewsAt(samples, at)).toBe(reference(samples, at));
          expect(viewsAt(samples, exact)).toBe(reference(samples, exact));
        },
      ),
      { seed: 20261125, numRuns: 500 },
    );
  });
});
