import { buildApp } from './app';
import { configFromJson } from './config';
import { rehearseTemplate, simulatorControl } from './demo';
import { assertNodeVersion } from './node-version';

// A short-lived process that rehearses a new demo template (the demo.prepare job hands it the
// rehearsal through src/demo/rehearsal-process.ts when DEMO_REHEARSAL_PROCESS is on): it runs
// the engine over weeks of simulated time, and the memory it takes at its peak leaves with this
// process instead of staying resident in the server. The parent's configuration arrives on stdin;
// the exit code says whether the preparation succeeded.
assertNodeVersion();

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const config = configFromJson(Buffer.concat(chunks).toString('utf8'));

const built = await buildApp({ config, workers: false });
let failed = false;
try {
  await rehearseTemplate(built.app, simulatorControl(config));
} catch (error) {
  built.app.log.error({ err: error }, 'The demo template could not be prepared');
  failed = true;
} finally {
  await built.close();
}
process.exit(failed ? 1 : 0);
