import { parseArgs } from 'node:util';
import { positiveInteger } from '../cli-options';

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
    tests: positiveInteger('tests', values.tests, 10_000, usage),
    testsPerChannel: positiveInteger('tests-per-channel', values['tests-per-channel'], 10, usage),
    timeoutSeconds: positiveInteger('timeout', values.timeout, 900, usage),
    tick: values.tick ?? false,
  };
}
