import { parseArgs } from 'node:util';
import { positiveInteger } from '../cli-options';

export type DatabaseKind = 'postgres' | 'embedded';

export interface ApiBenchOptions {
  seconds: number;
  connections: number;
  /** The databases to measure (both unless --only). */
  databases: DatabaseKind[];
  writeReadme: boolean;
  /** Run the server with WORKERS=false (a web-only node) to see what the job workers cost. */
  webOnly: boolean;
}

const usage =
  'Usage: npm run bench:api -- [--seconds 15] [--connections 100] [--only postgres|embedded] [--web-only] [--write-readme]';

export function parseApiBenchOptions(argv: string[]): ApiBenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      'write-readme': { type: 'boolean' },
      'web-only': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (values.only !== undefined && values.only !== 'postgres' && values.only !== 'embedded')
    throw new Error(`--only must be postgres or embedded.\n${usage}`);
  return {
    seconds: positiveInteger('seconds', values.seconds, 15, usage),
    connections: positiveInteger('connections', values.connections, 100, usage),
    databases: values.only ? [values.only] : ['postgres', 'embedded'],
    writeReadme: values['write-readme'] ?? false,
    webOnly: values['web-only'] ?? false,
  };
}
