import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import { launchBrowser } from './browser';

/**
 * A browser test file's start-up: the real server (startTestApp, with `env`) and chromium, started
 * together before the file's tests and closed after them, the browser first. `use` receives both.
 */
export function withAppAndBrowser(
  use: (started: { app: TestApp; browser: Browser }) => void,
  ...start: Parameters<typeof startTestApp>
): void {
  let started: { app: TestApp; browser: Browser } | undefined;
  beforeAll(async () => {
    const [app, browser] = await Promise.all([startTestApp(...start), launchBrowser()]);
    started = { app, browser };
    use(started);
  });
  afterAll(async () => {
    await started?.browser.close();
    await started?.app.close();
  });
}
