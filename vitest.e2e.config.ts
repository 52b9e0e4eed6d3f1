import { defineConfig } from 'vitest/config';

// Browser tests: the built web app (built once in globalSetup when missing or stale), served by
// the real server on a real port, driven through Debian's chromium with playwright-core.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    globalSetup: ['test/setup/global-database.ts', 'test/setup/build-web.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One browser at a time: the machine's two cores are shared.
    maxWorkers: 1,
    fileParallelism: false,
  },
});
