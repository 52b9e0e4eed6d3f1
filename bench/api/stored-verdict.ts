import { analyzeTest, washoutMinutes, type WindowObservation } from '../../src/statistics';
import { wordVerdict, type WordedVerdict } from '../../src/title-tests/figures/worded-verdict';
import type { PlannedTest } from './account-plan';
import { SAMPLE_EVERY_MS, viewsAt } from './traffic';

const HOUR_MS = 3_600_000;

/**
 * The views windows of a completed test as the engine reads them: each full window's views
 * after the washout, from the public counter (sampled every 10 minutes).
 */
function windowsOf(test: Omit<PlannedTest, 'verdict'>): WindowObservation[] {
  const washoutMs = Math.ceil((washoutMinutes(60) * 60_000) / SAMPLE_EVERY_MS) * SAMPLE_EVERY_MS;
  return test.slots
    .slice(0, test.applied)
    .filter((slot) => slot.kind === 'window')
    .map((slot) => {
      const measuredFrom = new Date(slot.startsAt.getTime() + washoutMs);
      return {
        titleIndex: slot.titleIndex,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        measuredHours: (slot.endsAt.getTime() - measuredFrom.getTime()) / HOUR_MS,
        views: viewsAt(test.samples, slot.endsAt) - viewsAt(test.samples, measuredFrom),
      };
    });
}

/** The verdict stored on a test that ran to its planned end, decided by the statistics engine. */
export function storedVerdict(test: Omit<PlannedTest, 'verdict'>): WordedVerdict {
  const verdict = analyzeTest({
    windows: windowsOf(test),
    titleCount: test.titles.length,
    metric: 'views',
    intervalMinutes: 60,
    isFinal: true,
    seed: test.scheduleSeed,
    publishedAt: test.publishedAt,
  });
  return wordVerdict(verdict, 'titles');
}
