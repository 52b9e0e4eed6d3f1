import { defineConfig } from 'vitest/config';
import { DurationSequencer } from './test/setup/duration-sequencer';

// Browser tests: the built web app (built once in globalSetup when missing or stale), served by
// the real server on a real port, driven through Debian's chromium with playwright-core.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/setup/global-database.ts', 'test/setup/build-web.ts'],
    // The limits catch a hang, never measure speed. A loaded 2-core runner slows a browser test
    // several times over: beside the other suite (as CI ran until 2026-11-29) verdict.e2e.ts took
    // 480 s against 132 s alone.
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // expect.poll gives up after 1 s by default: under a loaded CI machine a dialog's data can take
    // longer than that to arrive (a what-works run failed so). Polls wait for their state as long
    // as a Playwright locator does.
    expect: { poll: { timeout: 30_000 } },
    // The longest files first, by their recorded durations, on a fresh clone too.
    sequence: { sequencer: DurationSequencer },
    pool: 'forks',
    // Two files at once, one per core: each has its own server, database and browser, and every
    // test waits for the state it asserts, so sharing the cores costs time, never a result. A
    // file's browser and server leave a core idle about a third of the time, so two workers finish
    // in about 60% of the serial time.
    maxWorkers: 2,
  },
});
