// Rotation benchmark (issue 4 item 7): `npm run bench -- [--tests 10000] [--tests-per-channel 10] [--tick]`.
// N active title tests whose rotations fall due at the same instant, run by the production
// title-test worker against the built-in YouTube simulator on loopback through googleapis; then
// the same number of jobs through pg-boss with a no-op handler as the ceiling. Prints a table.
// Uses a scratch PostgreSQL database (see bench/rotation/scratch-database.ts) and drops it after.

import { startBenchApp } from './rotation/bench-app';
import { runCeiling } from './rotation/ceiling-run';
import { note } from './rotation/measure';
import { parseBenchOptions } from './rotation/options';
import { formatReport } from './rotation/report';
import { runRotations } from './rotation/rotation-run';
import { createScratchDatabase } from './rotation/scratch-database';
import { seedProduct } from './rotation/seed-product';
import { seedSimulator } from './rotation/seed-simulator';
import { shiftWorld } from './rotation/shift-world';
import { planWorld } from './rotation/world-plan';

/** Time allowed per advance job to be enqueued before the due instant, plus a fixed lead. */
const ENQUEUE_MS_PER_JOB = 2;
const ENQUEUE_LEAD_MS = 5_000;

async function main(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2));
  const database = await createScratchDatabase();
  note(`scratch database ${new URL(database.url).pathname.slice(1)}`);
  const built = await startBenchApp(database.url).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  let cleaning: Promise<void> | null = null;
  const cleanUp = () => (cleaning ??= built.close().finally(() => database.drop()));
  // An interrupted run stops the app and drops its database too.
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  try {
    const { app } = built;
    const seeding = Date.now();
    const provisionalDue = new Date(Math.ceil(Date.now() / 1000) * 1000);
    const plan = planWorld(options.tests, options.testsPerChannel, provisionalDue);
    await seedSimulator(app.db, plan);
    await seedProduct(app, plan);
    const enqueueMargin = ENQUEUE_LEAD_MS + options.tests * ENQUEUE_MS_PER_JOB;
    const due = new Date(Math.ceil((Date.now() + enqueueMargin) / 1000) * 1000);
    await shiftWorld(app.db, due.getTime() - provisionalDue.getTime());
    note(
      `seeded ${plan.tests.length} tests on ${plan.creators.length} channels in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const rotations = await runRotations(
      app,
      plan.tests.map((test) => test.id),
      due,
      options,
    );
    note('rotations done; running the pg-boss ceiling');
    const ceiling = await runCeiling(app.boss, options.tests, enqueueMargin, options.timeoutSeconds);
    console.log(formatReport(rotations, ceiling, { writes: plan.writes }));
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
