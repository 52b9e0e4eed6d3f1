// Command line of the adverse-traffic study (bench/adverse.ts).

import { parseArgs } from 'node:util';
import { listOption, positiveInteger } from '../cli-options';
import { selectCells } from './cells';
import { PLAN_VIEWS } from './plan-lift';
import type { PlanViews } from './plan-lift';
import type { Cell } from './cells';

export const USAGE =
  'Usage: nice -n 19 npx tsx bench/adverse.ts [--runs 1000] [--same-runs N] [--cells id,shape,kind,kind/scenario,…] [--workers 1] [--seed adverse-2026-11] [--plan-views lifetime|current] [--write-docs] [--docs docs/statistics.md] [--list]';

/** A seed nobody tuned the engine to; pass another with --seed to check that a table is no accident. */
export const DEFAULT_SEED = 'adverse-2026-11';

export interface AdverseOptions {
  runs: number;
  /** Runs of the identical-variant ('same') cells, whose false-winner rate needs the tightest interval. */
  sameRuns: number;
  cells: Cell[];
  workers: number;
  seed: string;
  /** Views a day the 'plan' cells' plans are given (plan-lift.ts). */
  planViews: PlanViews;
  writeDocs: boolean;
  docs: string;
  list: boolean;
}

export function readOptions(argv: string[]): AdverseOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      runs: { type: 'string' },
      'same-runs': { type: 'string' },
      cells: { type: 'string' },
      workers: { type: 'string' },
      seed: { type: 'string', default: DEFAULT_SEED },
      'plan-views': { type: 'string', default: 'lifetime' },
      'write-docs': { type: 'boolean', default: false },
      docs: { type: 'string', default: 'docs/statistics.md' },
      list: { type: 'boolean', default: false },
    },
  });
  const names = listOption('cells', values.cells, (item) => item, USAGE);
  if (values.seed.trim() === '') throw new Error(`--seed must not be empty.\n${USAGE}`);
  const planViews = PLAN_VIEWS.find((views) => views === values['plan-views']);
  if (!planViews) throw new Error(`--plan-views is lifetime or current.\n${USAGE}`);
  const runs = positiveInteger('runs', values.runs, 1000, USAGE);
  return {
    runs,
    sameRuns: positiveInteger('same-runs', values['same-runs'], runs, USAGE),
    cells: selectCells(names),
    workers: positiveInteger('workers', values.workers, 1, USAGE),
    seed: values.seed,
    planViews,
    writeDocs: values['write-docs'],
    docs: values.docs,
    list: values.list,
  };
}
