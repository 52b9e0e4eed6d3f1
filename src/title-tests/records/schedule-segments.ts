import type { RotationRow } from './title-test-records';

// A test's stored schedule is one or more segments (docs/decisions/0024-extending-a-test.md): the
// schedule drawn when the test started (segment 0, seeded with the test's scheduleSeed) and one
// more per extension (segment n, seeded with `${scheduleSeed}/extension-${n}`), each drawn by
// generateSchedule from its own start to its own end and stored as rotations rows carrying the
// segment's number. Pure: no database access.

/** The start and end one segment of the schedule was drawn for: exactly what generateSchedule was given. */
export interface ScheduleSegment {
  start: Date;
  end: Date;
}

/** The seed segment `segment` of a test's schedule is drawn with: the test's own for segment 0. */
export function segmentSeed(scheduleSeed: string, segment: number): string {
  return segment === 0 ? scheduleSeed : `${scheduleSeed}/extension-${segment}`;
}

/**
 * The segments of a stored schedule, in order: for each, the start of its design (its first
 * window) and the end that was passed to generateSchedule. A segment's slots cover its [start, end) without a gap (lead-in, windows,
 * tail), so its start is its first slot's planned start and its end its last slot's planned end.
 * A slot superseded by an extension (a tail that had not started, status 'skipped') still belongs to
 * its segment, so consecutive segments may overlap by that tail's span; the tail is never analysed,
 * and no design window of one segment overlaps another's. A segment may also start after the
 * previous one ends (a test extended while it waited for its final figures resumes at that moment).
 */
export function scheduleSegmentsOf(
  rotations: readonly Pick<RotationRow, 'segment' | 'kind' | 'plannedStart' | 'plannedEnd'>[],
): ScheduleSegment[] {
  const bySegment = new Map<number, ScheduleSegment>();
  for (const rotation of rotations) {
    const known = bySegment.get(rotation.segment);
    if (!known) {
      bySegment.set(rotation.segment, { start: rotation.plannedStart, end: rotation.plannedEnd });
      continue;
    }
    if (rotation.plannedStart < known.start) known.start = rotation.plannedStart;
    if (rotation.plannedEnd > known.end) known.end = rotation.plannedEnd;
  }
  // The design of a segment starts at its first window: drawing from there gives the same titles
  // as drawing from an earlier start (the lead-in, however long a calibration made it).
  for (const [segment, span] of bySegment) {
    const firstWindow = rotations
      .filter((rotation) => rotation.segment === segment && rotation.kind === 'window')
      .reduce<Date | null>(
        (first, rotation) =>
          first === null || rotation.plannedStart < first ? rotation.plannedStart : first,
        null,
      );
    if (firstWindow) span.start = firstWindow;
  }
  return [...bySegment.entries()].sort(([a], [b]) => a - b).map(([, segment]) => segment);
}

/** Where an extension's new segment starts, and which slot it supersedes. */
export interface ExtensionStart {
  start: Date;
  /** The slot number of the old schedule's tail that the new segment replaces (it had not started), or null. */
  supersedes: number | null;
}

/**
 * Where the new segment of an extension starts (docs/decisions/0024-extending-a-test.md):
 * - a test waiting for its final figures (`reopened`): now, since its end put the original title back;
 * - a tail (the partial window before the old end) that has not started: at the tail's start, a
 *   window boundary on the Pacific grid, and the tail is superseded (skipped);
 * - otherwise (the tail is live or past, or the old end is a window boundary): at the old end.
 */
export function extensionStart(
  schedule: readonly Pick<RotationRow, 'slot' | 'kind' | 'status' | 'plannedStart'>[],
  oldEnd: Date,
  now: Date,
  reopened: boolean,
): ExtensionStart {
  if (reopened) return { start: now > oldEnd ? now : oldEnd, supersedes: null };
  const last = schedule.reduce<(typeof schedule)[number] | undefined>(
    (latest, slot) => (!latest || slot.slot > latest.slot ? slot : latest),
    undefined,
  );
  if (last && last.kind === 'tail' && last.status === 'planned' && last.plannedStart > now)
    return { start: last.plannedStart, supersedes: last.slot };
  return { start: now > oldEnd ? now : oldEnd, supersedes: null };
}
