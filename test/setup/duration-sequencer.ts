import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { FILE_SECONDS } from './file-durations';

/**
 * Runs the longest test files first, by their recorded durations (file-durations.ts), so the two
 * workers finish together rather than one running a minute-long file alone at the end. vitest's own
 * order needs the durations of a past run on this machine, which a fresh clone (CI) has not; it
 * would start with the largest files, which are not the slowest. Files with no record come after,
 * in vitest's order.
 */
export class DurationSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const base = await super.sort(files);
    const root = process.cwd();
    const seconds = (spec: TestSpecification) => FILE_SECONDS[relative(root, spec.moduleId)] ?? 0;
    // Array.prototype.sort is stable: unrecorded files keep vitest's order among themselves.
    return base.sort((a, b) => seconds(b) - seconds(a));
  }
}
