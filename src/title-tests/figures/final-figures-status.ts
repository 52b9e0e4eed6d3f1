import { isMeasuredPerDay } from '../../shared/test-shapes';
import type { TitleTestRow } from '../records/title-test-records';

/**
 * How long after its end a CTR or watch-time test waits at most for YouTube's daily figures of
 * its last days. The Analytics API serves a Pacific day two days later and the reach report for
 * it appears at 06:00 Pacific the day after that, so the daily collection at 01:30 has every day
 * about three days after the end; a fourth day covers a late or retried collection.
 */
export const FINAL_FIGURES_WAIT_MS = 4 * 86_400_000;

/** When a test that ended at `endedAt` is decided at the latest. */
export function finalFiguresDeadline(endedAt: Date): Date {
  return new Date(endedAt.getTime() + FINAL_FIGURES_WAIT_MS);
}

export interface FinalFiguresStatus {
  /** The test has ended and its verdict waits for YouTube's daily figures of its last days. */
  awaiting: boolean;
  /** When the verdict will be decided at the latest (null when not awaiting). */
  dueBy: Date | null;
}

type StatusFields = Pick<
  TitleTestRow,
  'status' | 'winnerMetric' | 'finalFiguresDueAt' | 'verdict' | 'appliedTitle' | 'endedAt'
>;

/**
 * Whether a completed CTR or watch-time test still waits for its final figures: the original
 * title is live meanwhile and the stored verdict is provisional. Also true in the moment between
 * completion and the end-of-test job (nothing stored yet). Views tests are decided at the end.
 */
export function finalFiguresStatus(test: StatusFields): FinalFiguresStatus {
  if (test.status !== 'completed') return { awaiting: false, dueBy: null };
  if (test.finalFiguresDueAt) return { awaiting: true, dueBy: test.finalFiguresDueAt };
  if (isMeasuredPerDay(test.winnerMetric) && test.verdict === null && test.appliedTitle === null) {
    return { awaiting: true, dueBy: test.endedAt ? finalFiguresDeadline(test.endedAt) : null };
  }
  return { awaiting: false, dueBy: null };
}
