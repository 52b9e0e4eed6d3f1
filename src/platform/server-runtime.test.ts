import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './project-root';
import { SERVER_ENVIRONMENT, SERVER_NODE_FLAGS } from './server-runtime';

const read = (path: string) => readFileSync(join(projectRoot, path), 'utf8');

/** SERVER_ENVIRONMENT as a shell command's prefix (`NAME=value …`), as package.json writes it. */
const environmentPrefix = Object.entries(SERVER_ENVIRONMENT)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ');

/** Every command that runs a server bundle (`… node … dist/server/<entry>.js`): its whole line. */
const serverCommandLines = (text: string) =>
  text.split('\n').filter((line) => /node(?: --[\w-]+(?:=\S+)?)* dist\/server\/[\w-]+\.js/.test(line));

/** Whether a command line runs Node with the product's environment and flags. */
const runsAsTheProduct = (line: string) =>
  line.includes(environmentPrefix) &&
  new RegExp(`node ${SERVER_NODE_FLAGS.join(' ')} dist/server/`).test(line);

describe('how Node runs the server', () => {
  it('is how npm start and npm run worker run it', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    for (const name of ['start', 'worker']) {
      expect(serverCommandLines(scripts[name]!), name).toHaveLength(1);
      expect(runsAsTheProduct(scripts[name]!), scripts[name]).toBe(true);
    }
  });

  it("is how the deploy guide's processes run it", () => {
    const lines = serverCommandLines(read('docs/deploy.md'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(runsAsTheProduct(line), line).toBe(true);
  });
});
