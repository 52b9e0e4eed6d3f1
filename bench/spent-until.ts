import type { ScheduleSlot } from '../src/statistics';

/**
 * Slots begun and title changes made before `until` (ms), the first switch from the original
 * included: what a test read and wrote until its verdict (bench:stats and bench:adverse alike).
 */
export function spentUntil(
  slots: readonly ScheduleSlot[],
  until: number,
): { slots: number; switches: number } {
  let previous = 0;
  let begun = 0;
  let switches = 0;
  for (const slot of slots) {
    if (slot.startsAt.getTime() >= until) break;
    begun++;
    if (slot.kind === 'window' && slot.titleIndex !== previous) switches++;
    if (slot.kind === 'window') previous = slot.titleIndex;
  }
  return { slots: begun, switches };
}
