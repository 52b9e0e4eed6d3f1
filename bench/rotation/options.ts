import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** Title tests whose rotation falls due at the same instant. */
  tests: number;
  /** Tests per creator (one user, one channel connection, one simulated Google account each). */
  testsPerChannel: number;
  /** Seconds to wait for the rotations to finish before giving up. */
  timeoutSeconds: number;
  /** Run the minute tick (the safety net that re-enqueues due tests) during the run, as production does. */
  tick: boolean;
}

const usage = `Usage: npm run bench -- [--tests 10000] [--tests-per-channel 10] [--timeout 900] [--tick]`;

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1)
    throw new Error(`--${name} must be a positive integer.\n${usage}`);
  return parsed;
}

export function parseBenchOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      tests: { type: 'string' },
      'tests-per-channel': { type: 'string' },
      timeout: { type: 'string' },
      tick: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  return {
    tests: positiveInteger('tests', values.tests, 10_000),
    testsPerChannel: positiveInteger('tests-per-channel', values['tests-per-channel'], 10),
    timeoutSeconds: positiveInteger('timeout', values.timeout, 900),
    tick: values.tick ?? false,
  };
}
