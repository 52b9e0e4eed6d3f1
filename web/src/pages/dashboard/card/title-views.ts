import type { RotationLog } from '../../../api/test-types';

export interface TitleViews {
  /** T1..Tn, in the test's own order. */
  label: string;
  title: string;
  /**
   * Views per hour over the windows the verdict counts, as the verdict reads them (after the
   * washout), one decimal; null while no window of the title is counted.
   */
  viewsPerHour: number | null;
  countedWindows: number;
  /**
   * The mean of YouTube's daily CTR (%) over the days the verdict counts, one decimal; null while
   * none has a figure. What a CTR-judged test is judged on.
   */
  ctr: number | null;
  ctrDays: number;
  /**
   * Seconds watched per impression (daily CTR × average view duration), averaged over the days
   * the verdict counts, one decimal; null while none has both figures. The nearest a rotation's
   * figures come to what a test judged on watch time per impression is judged on.
   */
  watchPerImpression: number | null;
  watchDays: number;
}

/**
 * One entry per title of the test (never more: a fourth rotation of a 3-title test is still one of
 * its three titles), from the windows the verdict counts and nothing else
 * (src/title-tests/figures/counted-windows.ts): their views after the washout over the hours measured, the
 * verdict panel's raw average. A window the verdict leaves out (a pause cut it short, the lead-in,
 * a gap in the counter) is left out here too, so the chart never crowns a title on views the
 * verdict did not count; a window cut short weighs by its hours, not as a whole one.
 */
export function viewsPerTitle(
  titles: readonly string[],
  logs: readonly RotationLog[],
  /** Each variant's thumbnail: a thumbnail test's variants share the title, so its image tells them apart. */
  thumbnails: readonly (string | null)[] = [],
): TitleViews[] {
  return titles.map((title, index) => {
    const own = logs.filter(
      (log) =>
        log.titleText === title &&
        log.thumbnailUrl === (thumbnails[index] ?? null) &&
        log.analysis === 'counted',
    );
    const counted = own.filter((log) => log.analysedViews !== null && log.analysedHours !== null);
    const withCtr = own.filter((log) => log.ctrAtRotation !== null);
    const withWatch = withCtr.filter((log) => log.averageViewDuration !== null);
    const watchSum = withWatch.reduce(
      (sum, log) => sum + (log.ctrAtRotation! / 100) * log.averageViewDuration!,
      0,
    );
    const ctrSum = withCtr.reduce((sum, log) => sum + log.ctrAtRotation!, 0);
    const views = counted.reduce((sum, log) => sum + log.analysedViews!, 0);
    const hours = counted.reduce((sum, log) => sum + log.analysedHours!, 0);
    return {
      label: `T${index + 1}`,
      title,
      viewsPerHour: hours > 0 ? Math.round((views / hours) * 10) / 10 : null,
      countedWindows: counted.length,
      ctr: withCtr.length > 0 ? Math.round((ctrSum / withCtr.length) * 10) / 10 : null,
      ctrDays: withCtr.length,
      watchPerImpression: withWatch.length > 0 ? Math.round((watchSum / withWatch.length) * 10) / 10 : null,
      watchDays: withWatch.length,
    };
  });
}

/** The rotations the verdict leaves out (every figure leaves them out too). */
export function excludedRotations(logs: readonly RotationLog[]): number {
  return logs.filter((log) => log.analysis === 'excluded').length;
}
