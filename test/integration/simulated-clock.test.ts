import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app';
import { createControllableClock, type ControllableClock } from '../../src/platform/clock';
import { startTestApp, type TestApp } from '../helpers/test-app';

// With the simulator, the simulated clock belongs to the deployment: a web-only node that moves
// it and the worker processes that run the due jobs must agree on the time.

const HOUR = 3_600_000;

let web: TestApp;
const others: BuiltApp[] = [];

/** Another process of the same deployment (its own clock, the same database), like `npm run worker`. */
async function anotherProcess(): Promise<{ built: BuiltApp; clock: ControllableClock }> {
  const clock = createControllableClock();
  const built = await buildApp({ config: web.built.app.config, clock, workers: false, logger: false });
  others.push(built);
  return { built, clock };
}

async function until(condition: () => boolean): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

beforeAll(async () => {
  web = await startTestApp();
});
afterAll(async () => {
  for (const built of others) await built.close();
  await web.close();
});

describe('the simulated clock', () => {
  it('moves in every process of the deployment when one process moves it', async (context) => {
    if (web.built.app.database.kind !== 'postgres') return context.skip();
    const worker = await anotherProcess();
    const target = web.clock.advance(16 * HOUR).getTime();
    await until(() => worker.clock.now().getTime() >= target);
    expect(worker.clock.now().getTime()).toBeGreaterThanOrEqual(target);
    // And back: a move made by the worker reaches the web node.
    const later = worker.clock.advance(2 * HOUR).getTime();
    await until(() => web.clock.now().getTime() >= later);
    expect(web.clock.now().getTime()).toBeGreaterThanOrEqual(later);
  });

  it('starts a new process at the deployment’s time', async (context) => {
    if (web.built.app.database.kind !== 'postgres') return context.skip();
    const target = web.clock.advance(HOUR).getTime();
    const started = await anotherProcess();
    await until(() => started.clock.now().getTime() >= target);
    expect(started.clock.now().getTime()).toBeGreaterThanOrEqual(target);
  });
});
