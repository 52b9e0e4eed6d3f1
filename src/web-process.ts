import { simulatedTimeOf, stopClockMoves } from './title-tests';
import { isControllableClock } from './platform/clock';
import { closeWithin } from './http/close-within';
import { SHUTDOWN_DEADLINE_MS } from './shutdown';
import { buildApp, type BuildOptions, type BuiltApp } from './app';
import { createMailCatcher, registerOutboxRoutes } from './mail-catcher';
import { createSimulatorServer, type SimulatorServer } from './youtube-simulator/server';

export interface WebProcess {
  built: BuiltApp;
  /** The built-in YouTube simulator, when this deployment runs without real Google. */
  simulator: SimulatorServer | null;
  listen(): Promise<void>;
  /** Stops by `deadline` (epoch ms; default SHUTDOWN_DEADLINE_MS from now): see close() below. */
  close(deadline?: number): Promise<void>;
}

/**
 * Assembles a web process: the product (src/app.ts) and, in simulator mode, the YouTube simulator
 * beside it on its own port, and the mail catcher. A worker-only process (src/worker.ts) builds the product alone and
 * reaches this process's simulator over HTTP, so a deployment has one simulator.
 */
export async function startWebProcess(options: BuildOptions): Promise<WebProcess> {
  const built = await buildApp(options);
  const { app } = built;
  const time = simulatedTimeOf(app);
  const simulator = app.config.google.simulator
    ? await createSimulatorServer({
        config: app.config,
        db: app.db,
        clock: app.clock,
        ...(time
          ? {
              fastForward: async (ms: number) => {
                const { steps, failures } = await time.advance(ms);
                return { steps, failures };
              },
            }
          : {}),
      })
    : null;
  // With the simulator and no SMTP_URL, notification e-mail goes to a built-in SMTP server whose
  // outbox is on the simulator's origin (/outbox).
  const { catcherPort } = app.config.mail;
  const catcher =
    simulator && catcherPort !== null
      ? createMailCatcher({ db: app.db, port: catcherPort, host: '127.0.0.1' })
      : null;
  if (simulator && catcher) registerOutboxRoutes(simulator.fastify, app.db);
  return {
    built,
    simulator,
    async listen() {
      await simulator?.listen();
      await catcher?.listen();
      await built.listen();
      await built.startWorkers();
      await built.listenOps();
    },
    /**
     * The app's port closes first and its requests in flight are answered; the workers stop; then
     * the simulator and the mail catcher, which those requests and jobs may still be calling; the
     * database last, since the simulator keeps its state there too. A clock move under way stops
     * at its next step, so none of this waits for a fast-forward of weeks.
     */
    async close(deadline = Date.now() + SHUTDOWN_DEADLINE_MS) {
      if (isControllableClock(app.clock)) stopClockMoves(app.clock);
      await built.close({
        deadline,
        beforeDatabase: async () => {
          await catcher?.close();
          if (simulator) await closeWithin(simulator.fastify, deadline);
        },
      });
    },
  };
}
