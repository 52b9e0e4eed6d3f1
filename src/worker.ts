import { buildApp } from './app';
import { loadConfigOrExit } from './config/load-config-or-exit';
import { assertNodeVersion } from './node-version';
import { stopOnSignals } from './shutdown';
import { startTracing } from './observability/tracing';
import type { EngineHooks } from './title-tests';

// A worker-only process (`npm run worker`): the workers and schedules of every job in jobs/index.ts,
// no HTTP listener. It stays beside main.ts: it builds the same app, and src/app.ts imports jobs/
// (docs/decisions/0033).
assertNodeVersion();
const config = loadConfigOrExit();
if (config.database.kind === 'pglite') {
  console.error(
    'npm run worker needs DATABASE_URL: the embedded database is single-process (use npm start).',
  );
  process.exit(1);
}
// With the simulator, the web process serves it (src/web-process.ts): a worker has no copy of its own.
// Crash-test seam (test/integration/worker-thumbnail-crash.test.ts): the process dies by SIGKILL
// between thumbnails.set's answer and the slot's record, the moment docs/decisions/0036 guards.
// Production never sets it; src/config refuses it outside NODE_ENV=test.
const hooks: EngineHooks | undefined =
  config.sigkillAfterThumbnailSet && config.env === 'test'
    ? { afterThumbnailWrite: () => void process.kill(process.pid, 'SIGKILL') }
    : undefined;
const tracing = await startTracing(config.tracing, 'titlewise-worker');
const built = await buildApp({ config, workers: true, hooks });
await built.startWorkers();
// /metrics, /healthz and /readyz on OPS_PORT, when set (a worker has no other listener).
const opsPort = await built.listenOps();
built.app.log.info(
  opsPort === null ? 'Titlewise workers running' : `Titlewise workers running (operations port ${opsPort})`,
);
// SIGTERM/SIGINT: jobs in flight get until the deadline, then the process exits.
stopOnSignals(built.app.log, async (deadline) => {
  await built.close({ deadline });
  await tracing?.shutdown(deadline);
});
