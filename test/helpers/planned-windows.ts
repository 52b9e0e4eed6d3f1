import { and, asc, eq } from 'drizzle-orm';
import { rotations } from '../../db/schema';
import type { TestApp } from './test-app';

/**
 * The stored schedule's window slots of a test, in slot order. A views test with windows under a
 * day that the creator has no finished test of the same shape for keeps the original title live
 * through a calibration lead-in of about 24 hours (src/title-tests/figures/video-noise.ts); its
 * first switch is at its first window's planned start.
 */
export async function plannedWindows(testApp: TestApp, testId: string) {
  return testApp.built.app.db
    .select()
    .from(rotations)
    .where(and(eq(rotations.testId, testId), eq(rotations.kind, 'window')))
    .orderBy(asc(rotations.slot));
}

/** When the test's first window starts: its first switch away from the lead-in's title. */
export async function firstWindowStart(testApp: TestApp, testId: string): Promise<Date> {
  const [first] = await plannedWindows(testApp, testId);
  if (!first) throw new Error(`test ${testId} has no window in its stored schedule`);
  return first.plannedStart;
}

/** Hours from the product clock's now to the test's first window (0 when it has begun). */
export async function hoursToFirstWindow(testApp: TestApp, testId: string): Promise<number> {
  const start = await firstWindowStart(testApp, testId);
  return Math.max(0, (start.getTime() - testApp.clock.now().getTime()) / 3_600_000);
}
