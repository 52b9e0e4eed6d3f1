import { defineConfig } from 'vitest/config';
import { DurationSequencer } from './test/setup/duration-sequencer';

// Two projects: `unit` (tests beside the code: no database server, seconds; `npm run test:unit`)
// and `integration` (test/integration: a PostgreSQL database per file, the real server, the
// simulator). `npm test` runs both. Browser tests have their own config (vitest.e2e.config.ts)
// because they need a built app.
export default defineConfig({
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'jobs/**/*.test.ts',
            'web/**/*.test.ts',
            'db/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/setup/global-database.ts'],
        },
      },
    ],
    setupFiles: ['test/setup/fail-on-console-error.ts'],
    // The limits catch a hang, never measure speed: every test waits for the state it asserts. A
    // loaded 2-core runner slows a file several times over (beside the browser suite, as CI ran
    // until 2026-11-29, the extend test took 443 s against 96 s alone and a 50-second start-up hook
    // over 60), so the limits leave that room; the long fast-forwarding tests set 10 minutes each.
    testTimeout: 180_000,
    hookTimeout: 180_000,
    // The longest files first, by their recorded durations, on a fresh clone too.
    sequence: { sequencer: DurationSequencer },
    pool: 'forks',
    maxWorkers: 2,
    // Files in one worker share its loaded modules instead of importing the whole server again
    // (about 0.6 s of CPU per file): every file builds its own app, database and clock, and no
    // test mocks a module or the environment, so nothing a file leaves in a module reaches a
    // result. It takes about a quarter off the run.
    isolate: false,
  },
});
