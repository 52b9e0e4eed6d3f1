// Capacity benchmark (issue 23 item 7): `npm run bench:capacity -- [--creators 2000] [--days 3] [--write-readme]`.
// The simulated internet on one deployment: creators on all three plans arrive over simulated days
// and ask for tests through the product's service (admission and queueing included), a few heavy
// Authority accounts try to take the whole quota, and two `npm run worker` processes do the
// rotations, sampling and admission passes on PostgreSQL against the simulator, whose clock moves
// in 10-minute steps. Prints admissions, units against the physical minimum, exhaustion events,
// slots and their lateness, plan shares and the sampling pass's duration, with the extrapolation.

import { isControllableClock } from '../src/platform/clock';
import { reservedUnits } from '../src/capacity/cost-model';
import { testsPoolOf } from '../src/capacity/capacity-state';
import { buildWorkerBundle, startWorkerProcess, workerEnvironment } from '../test/helpers/worker-process';
import { admissionFigures } from './capacity/admission-figures';
import { storeChallengerImages } from './capacity/challenger-images';
import { createArrivals } from './capacity/arrivals';
import { extrapolate, type StepTiming } from './capacity/extrapolation';
import { kindFigures } from './capacity/kind-figures';
import { ledgerFigures, slotsByStep, workFigures } from './capacity/ledger-figures';
import { parseCapacityOptions } from './capacity/options';
import { planPopulation, SHAPES } from './capacity/population';
import { formatCapacityReport, minimumOf, type CapacityRun } from './capacity/report';
import { samplingFigures } from './capacity/sampling-figures';
import { seedWorld } from './capacity/seed';
import { createStopOffers } from './capacity/stop-offers';
import { verdictFigures } from './capacity/verdict-figures';
import { moveWorldClock } from './capacity/world-clock';
import { sendStepJobs, takeOverSchedules, waitForDrain } from './capacity/step-jobs';
import { replaceMarkedBlock } from './readme-block';
import { startBenchApp } from './rotation/bench-app';
import { note } from './rotation/measure';
import { createScratchDatabase } from './rotation/scratch-database';

const STEP_MS = 10 * 60_000;
/** A step whose due jobs are not all done within this is reported, and the run moves on. */
const STEP_TIMEOUT_MS = 300_000;
const README_MARKERS = { start: '<!-- bench:capacity -->', end: '<!-- /bench:capacity -->' };

async function main(): Promise<void> {
  const options = parseCapacityOptions(process.argv.slice(2));
  const realStart = Date.now();
  const database = await createScratchDatabase();
  note(`scratch database ${new URL(database.url).pathname.slice(1)}`);
  await buildWorkerBundle();
  const built = await startBenchApp(database.url, {
    YOUTUBE_DAILY_QUOTA: String(options.quota),
    DEMO_HISTORY: 'false',
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  const { app } = built;
  const workers: ReturnType<typeof startWorkerProcess>[] = [];
  let cleaning: Promise<void> | null = null;
  const cleanUp = () =>
    (cleaning ??= Promise.all(workers.map((worker) => worker.stop()))
      .then(() => built.close())
      .finally(() => database.drop()));
  // Stopped from the keyboard or by `kill`: the worker processes go with it (SIGTERM used to leave
  // them running, working the dropped database).
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)
    process.once(signal, () => void cleanUp().finally(() => process.exit(code)));
  try {
    const { clock, db } = app;
    if (!isControllableClock(clock)) throw new Error('The bench needs the simulator’s controllable clock.');
    const runMs = options.days * 86_400_000;
    const testsPool = testsPoolOf(app.config);
    const shortest = SHAPES[0];
    const creators = planPopulation({
      creators: options.creators,
      heavy: options.heavyAccounts,
      // Enough of the shortest views tests to take the whole pool: "trying to take everything".
      heavyTests: Math.ceil(testsPool / reservedUnits(shortest)),
      runMs,
      seed: options.seed,
    });
    const seeding = Date.now();
    await seedWorld(app, creators, options.quota);
    const challengerImages = await storeChallengerImages(app, creators);
    note(`seeded ${creators.length} creators in ${((Date.now() - seeding) / 1000).toFixed(1)} s`);

    const env = workerEnvironment(app.config);
    for (let i = 0; i < 2; i++) workers.push(startWorkerProcess(env));
    await Promise.all(workers.map((worker) => worker.ready));
    await takeOverSchedules(app.boss, db);
    const arrivals = createArrivals(app, creators, challengerImages, options.runToEnd);
    await arrivals.loadUsers();
    const stopOffers = createStopOffers(app);

    // The run starts on a 10-minute boundary: sampling passes and hourly slots fall on steps.
    const start = new Date(Math.ceil((clock.now().getTime() + STEP_MS) / STEP_MS) * STEP_MS);
    const steps: { at: Date; sentAt: Date; seconds: number }[] = [];
    let timedOut = 0;
    let previous = new Date(start.getTime() - STEP_MS);
    for (let at = start; at.getTime() <= start.getTime() + runMs; at = new Date(at.getTime() + STEP_MS)) {
      const began = Date.now();
      await moveWorldClock(db, clock, at);
      const sentAt = new Date();
      await sendStepJobs(app.boss, previous, at);
      const created = await arrivals.runUntil(at.getTime() - start.getTime());
      // A day into the run and every day after, creators read their cards (at the run's hour).
      const elapsed = at.getTime() - start.getTime();
      if (options.takeStopOffers && elapsed > 0 && elapsed % 86_400_000 === 0) {
        const stopped = await stopOffers.look();
        note(`day ${elapsed / 86_400_000}: ${stopped} hopeless tests stopped on their cards' offer`);
      }
      const createdAfter = (Date.now() - began) / 1000;
      if (!(await waitForDrain(db, STEP_TIMEOUT_MS))) {
        timedOut += 1;
        note(`step ${at.toISOString()}: jobs still due after ${STEP_TIMEOUT_MS / 1000} s`);
      }
      steps.push({ at, sentAt, seconds: (Date.now() - began) / 1000 });
      previous = at;
      // A step held up by a job's retry (its delay is real time) is worth a line.
      if (steps.at(-1)!.seconds > 20)
        note(
          `step ${at.toISOString()}: ${created} created in ${createdAfter.toFixed(1)} s, done after ${steps.at(-1)!.seconds.toFixed(1)} s`,
        );
      if (steps.length % 36 === 0 || created > 50)
        note(
          `${((at.getTime() - start.getTime()) / 3_600_000).toFixed(1)} simulated h, ${arrivals.creations.length} creations, ${((Date.now() - realStart) / 60_000).toFixed(1)} min real`,
        );
    }
    const window = { from: start, to: steps.at(-1)!.at };
    note('run done; reading the figures');
    const [admission, ledger, work, kinds, sampling, slots] = await Promise.all([
      admissionFigures(db, arrivals.creations, window.to),
      ledgerFigures(db, window),
      workFigures(db, window),
      kindFigures(db, window),
      samplingFigures(db, window, steps),
      slotsByStep(db, window),
    ]);
    const timings: StepTiming[] = steps.map((step) => ({
      at: step.at,
      seconds: step.seconds,
      rotations: slots.get(step.at.getTime()) ?? 0,
    }));
    const minimum = minimumOf({ kinds, sampling });
    const verdicts = await verdictFigures(db, window, ledger.engineUnits);
    const extrapolations = [1, 10, 100].map((factor) =>
      extrapolate({
        factor,
        tests: arrivals.creations.length,
        steps: timings,
        passes: sampling.durationByVideos,
        engineUnits: ledger.engineUnits,
        minimumUnits: minimum.total,
        samplingUnits: ledger.byMethod.get('videos.batchGetStats')?.units ?? 0,
        samplingMinimum: sampling.minimumCalls,
        videosPerPass: sampling.videosPerPass,
      }),
    );
    const run: CapacityRun = {
      creators: options.creators,
      heavyAccounts: options.heavyAccounts,
      days: options.days,
      quota: options.quota,
      testsPool,
      realSeconds: (Date.now() - realStart) / 1000,
      steps: steps.length,
      stepsTimedOut: timedOut,
      admission,
      ledger,
      work,
      kinds,
      sampling,
      extrapolations,
      verdicts,
      runToEnd: options.runToEnd,
      stoppedOnOffer: options.takeStopOffers ? stopOffers.stopped : null,
    };
    const { text, allMet } = formatCapacityReport(run);
    console.log(text);
    for (const group of admission)
      for (const [reason, count] of group.refusals) note(`refused (${group.label}) ×${count}: ${reason}`);
    if (options.writeReadme) replaceMarkedBlock('README.md', README_MARKERS, text);
    if (!allMet) process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
