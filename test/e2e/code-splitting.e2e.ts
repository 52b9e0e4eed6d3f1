import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/test-app';
import { withAppAndBrowser } from './support/app-and-browser';
import { openPage } from './support/browser';

let app: TestApp;
let browser: Browser;
const distRoot = join(process.cwd(), 'dist/web');

withAppAndBrowser((started) => ({ app, browser } = started));

interface RouteLoad {
  route: string;
  scripts: string[];
  gzipBytes: number;
}

/** Gzipped JavaScript the landing may load on a first visit (issue 12, item 7; 104 KB since the Free plan card joined the front page, decision 0013). */
const LANDING_GZIP_BUDGET = 104 * 1024;

const gzipSize = (asset: string) => gzipSync(readFileSync(join(distRoot, asset))).length;

/** Opens a route in a fresh context and lists every JS file the page loaded. */
async function load(route: string, ready: string | RegExp, signedIn: boolean): Promise<RouteLoad> {
  const { page: first, context } = await openPage(browser, app.url);
  let page = first;
  if (signedIn) {
    // Sign in on one tab, then measure a fresh tab of the same session (storage and cookie shared).
    await first.goto('/login');
    await first.getByRole('button', { name: 'Try the demo' }).click();
    await first.getByRole('heading', { name: 'Dashboard' }).waitFor();
    page = await context.newPage();
  }
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js')) scripts.add(path.slice(1));
  });
  await page.goto(route);
  await page.getByText(ready, { exact: false }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await context.close();
  const list = [...scripts].sort();
  return { route, scripts: list, gzipBytes: list.reduce((sum, asset) => sum + gzipSize(asset), 0) };
}

describe('route-based code splitting', () => {
  it('public pages load no dashboard, admin or chart code; writes the per-route JS report', async () => {
    const loads: RouteLoad[] = [];
    loads.push(await load('/', 'Find the title that actually wins.', false));
    loads.push(await load('/login', 'Connect with Google', false));
    loads.push(await load('/privacy', 'Last updated June 18, 2025', false));
    loads.push(await load('/terms', 'Effective June 18, 2025', false));
    loads.push(await load('/no-such-page', 'Page not found', false));
    loads.push(await load('/paywall', 'Choose your plan', true));
    loads.push(await load('/dashboard', 'Active Tests', true));
    loads.push(await load('/admin', /Access Denied|Admin console/, true));
    loads.push(await load('/oauth-test', 'OAuth diagnostics', true));

    const heavy = /(DashboardPage|AdminPage)-/;
    for (const entry of loads.filter((item) => ['/', '/login', '/privacy', '/terms'].includes(item.route))) {
      expect(
        entry.scripts.filter((script) => heavy.test(script)),
        entry.route,
      ).toEqual([]);
    }
    // Issue 12, item 7: the front door is light. The landing renders without the router, tRPC or
    // TanStack Query (they load with the first in-app link), within 100 KB of gzipped JavaScript.
    const landing = loads.find((item) => item.route === '/')!;
    expect(
      landing.scripts.filter((script) => /(trpc|AppShell|start-app|query-client)-/.test(script)),
    ).toEqual([]);
    expect(landing.gzipBytes, landing.scripts.join(', ')).toBeLessThanOrEqual(LANDING_GZIP_BUDGET);
    const dashboard = loads.find((item) => item.route === '/dashboard')!;
    expect(dashboard.scripts.some((script) => script.includes('DashboardPage-'))).toBe(true);

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const lines = [
      '# Gzipped JavaScript per route',
      '',
      'Measured in Chromium against the built app: every .js file the page loaded on a fresh visit, gzip level 6.',
      '',
      `Budget for /: ${kb(LANDING_GZIP_BUDGET)}.`,
      '',
      '| Route | JS files | Gzipped JS |',
      '|---|---:|---:|',
      ...loads.map((entry) => `| ${entry.route} | ${entry.scripts.length} | ${kb(entry.gzipBytes)} |`),
      '',
      '## Files per route',
      '',
      ...loads.map(
        (entry) =>
          `- ${entry.route}: ${entry.scripts.map((script) => `${script.replace('assets/', '')} (${kb(gzipSize(script))})`).join(', ')}`,
      ),
      '',
    ];
    mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
    writeFileSync(join(process.cwd(), 'test-results/route-js-sizes.md'), lines.join('\n'));
    console.log(lines.join('\n'));
  });

  it('the landing hands over to the app in place: Log in opens /login without a page load, Back returns', async () => {
    const { page, errors, context } = await openPage(browser, app.url);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Find the title that actually wins.' }).waitFor();
    await page.evaluate(() => Object.assign(window, { samePage: true }));
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Login', exact: true })
      .click();
    await page.getByRole('button', { name: 'Connect with Google' }).waitFor();
    expect(page.url()).toBe(`${app.url}/login`);
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Find the title that actually wins.' }).waitFor();
    expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
