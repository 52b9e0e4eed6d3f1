import { simulatedTimeOf } from './title-tests/simulated-time';
import { buildApp, type BuildOptions, type BuiltApp } from './app';
import { createMailCatcher } from './mail-catcher/smtp-catcher';
import { registerOutboxRoutes } from './mail-catcher/outbox-routes';
import { createSimulatorServer, type SimulatorServer } from './youtube-simulator/server';

export interface WebProcess {
  built: BuiltApp;
  /** The built-in YouTube simulator, when this deployment runs without real Google. */
  simulator: SimulatorServer | null;
  listen(): Promise<void>;
  close(): Promise<void>;
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
    },
    async close() {
      await built.close();
      await catcher?.close();
      await simulator?.close();
    },
  };
}
