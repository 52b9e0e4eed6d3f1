import { defineConfig } from 'vitest/config';
import { DurationSequencer } from './test/setup/duration-sequencer';

// Browser tests: the built web app (built once in globalSetup when missing or stale), served by
// the real server on a real port, driven through Debian's chromium with playwright-core.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/setup/global-database.ts', 'test/setup/build-web.ts'],
    // The limits catch a hang, never measure speed. On the 2-core CI runner, beside the other
    // suite, a browser test runs up to three times slower than alone: the verdict card's test,
    // 27 s alone, ran past 90 s there; the demo's walk took 277 s on a slow run.
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
