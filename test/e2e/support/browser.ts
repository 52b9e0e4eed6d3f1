import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/**
 * Debian's chromium-headless-shell when installed (CI installs it), else Debian's chromium. Both
 * are the same Chromium build (one Debian source package); the shell is headless only, without the
 * desktop browser's UI layers, and takes about a third less CPU for the same pages (two browser
 * files measured side by side: 163 CPU-seconds with chromium, 103 with the shell).
 * docs/decisions/0056-headless-shell-for-browser-tests.md.
 */
export const CHROMIUM_PATH =
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
export const SCREENSHOT_DIR = join(process.cwd(), 'test-results/screenshots');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 812 };

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

export interface TrackedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors (network 4xx logs excluded). */
  errors: string[];
}

/** A fresh browser context (own cookies and storage) with error tracking. */
export async function openPage(browser: Browser, baseURL: string, viewport = DESKTOP): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL, viewport, reducedMotion: 'reduce', locale: 'en-US' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (text.startsWith('Failed to load resource')) return;
    errors.push(`console.error: ${text}`);
  });
  return { context, page, errors };
}

/**
 * The browser's session: the HttpOnly session-token cookie. The app keeps no token where script
 * can read it (no local storage), so a link or script cannot hand it another account's session.
 */
export async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((entry) => entry.name === 'session-token');
  return cookie && { value: cookie.value, httpOnly: cookie.httpOnly };
}

/** How many rows the page's header (banner) takes: the distinct heights of its controls' middles. */
export async function headerRows(page: Page): Promise<number> {
  return page.getByRole('banner').evaluate((header) => {
    const middles = [...header.querySelectorAll('a, button, input')]
      .map((element) => element.getBoundingClientRect())
      .filter((box) => box.width > 0)
      .map((box) => Math.round(box.top + box.height / 2));
    return middles.filter(
      (middle, index) => middles.findIndex((other) => Math.abs(other - middle) < 12) === index,
    ).length;
  });
}

/** Full-page (or, with fullPage false, the screen's) screenshot into test-results/screenshots/<name>.png. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  // Full-page shots from the top, so a sticky header sits where a visitor sees it.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({
    path: join(SCREENSHOT_DIR, `${name}.png`),
    fullPage,
    animations: 'disabled',
  });
}
