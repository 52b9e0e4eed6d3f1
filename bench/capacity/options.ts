import { parseArgs } from 'node:util';
import { positiveInteger } from '../cli-options';

export interface CapacityBenchOptions {
  /** Creators arriving over the run (the 2,000). */
  creators: number;
  /** Simulated days over which they arrive; the run lasts as long. */
  days: number;
  /** The deployment's daily YouTube quota; by default 1,000,000 scaled with the creators. */
  quota: number;
  /** Heavy Authority accounts, each trying to fill the whole tests pool with the shortest views tests. */
  heavyAccounts: number;
  seed: number;
  /** Every test runs to its end date (the behaviour before tests stopped at their answer): the "before" row. */
  runToEnd: boolean;
  /** Once a day every creator stops the running tests their cards call hopeless (stop-offers.ts). */
  takeStopOffers: boolean;
  writeReadme: boolean;
}

const usage = `Usage: npm run bench:capacity -- [--creators 2000] [--days 3] [--quota 1000000] [--heavy 3] [--seed 1] [--run-to-end] [--take-stop-offers] [--write-readme]`;

/** The load: 2,000 creators on a 1,000,000-unit quota. A smaller run keeps that ratio. */
const FULL_CREATORS = 2_000;
const FULL_QUOTA = 1_000_000;

export function parseCapacityOptions(argv: string[]): CapacityBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      creators: { type: 'string' },
      days: { type: 'string' },
      quota: { type: 'string' },
      heavy: { type: 'string' },
      seed: { type: 'string' },
      'run-to-end': { type: 'boolean' },
      'take-stop-offers': { type: 'boolean' },
      'write-readme': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const creators = positiveInteger('creators', values.creators, FULL_CREATORS, usage);
  const days = Number(values.days ?? 3);
  if (!(days > 0 && days <= 14)) throw new Error(`--days must be between 0 and 14.\n${usage}`);
  return {
    creators,
    days,
    quota: positiveInteger('quota', values.quota, Math.round((FULL_QUOTA * creators) / FULL_CREATORS), usage),
    heavyAccounts: positiveInteger('heavy', values.heavy, 3, usage),
    seed: positiveInteger('seed', values.seed, 1, usage),
    runToEnd: values['run-to-end'] ?? false,
    takeStopOffers: values['take-stop-offers'] ?? false,
    writeReadme: values['write-readme'] ?? false,
  };
}
