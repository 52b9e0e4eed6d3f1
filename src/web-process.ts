import { buildApp, type BuildOptions, type BuiltApp } from './app';
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
 * beside it on its own port. A worker-only process (src/worker.ts) builds the product alone and
 * reaches this process's simulator over HTTP, so a deployment has one simulator.
 */
export async function startWebProcess(options: BuildOptions): Promise<WebProcess> {
  const built = await buildApp(options);
  const { app } = built;
  const time = app.simulatedTime;
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
  return {
    built,
    simulator,
    async listen() {
      await simulator?.listen();
      await built.listen();
      await built.startWorkers();
    },
    async close() {
      await built.close();
      await simulator?.close();
    },
  };
}
