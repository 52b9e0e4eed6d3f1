import type { RotationLog } from '../../../api/test-types';

export interface TitleViews {
  /** T1..Tn, in the test's own order. */
  label: string;
  title: string;
  /** Mean views per measured rotation, rounded; null while no rotation of the title is measured. */
  viewsPerRotation: number | null;
  measuredRotations: number;
}

/**
 * One entry per title of the test (never more: a fourth rotation of a 3-title test is still one of
 * its three titles), with the mean views of its measured rotations. Rotations are equally long, so
 * the mean is fair where totals would favour a title that happened to run once more.
 */
export function viewsPerTitle(titles: readonly string[], logs: readonly RotationLog[]): TitleViews[] {
  return titles.map((title, index) => {
    const views = logs
      .filter((log) => log.titleText === title && log.viewsAtRotation !== null)
      .map((log) => log.viewsAtRotation!);
    const total = views.reduce((sum, each) => sum + each, 0);
    return {
      label: `T${index + 1}`,
      title,
      viewsPerRotation: views.length === 0 ? null : Math.round(total / views.length),
      measuredRotations: views.length,
    };
  });
}
