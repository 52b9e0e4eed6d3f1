import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousAxeViolations } from './axe';
import { DESKTOP, PHONE, screenshot } from './browser';

const SIZES = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/**
 * Looks at the screen the page shows as a creator would on a laptop and on a phone: at each size,
 * no serious or critical axe violation, nothing wider than the screen, and a full-page screenshot
 * (`<name>-desktop.png`, `<name>-phone.png`). The page is left at desktop size.
 */
export async function lookAtBothSizes(page: Page, name: string): Promise<void> {
  for (const [size, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    // Nothing is still loading (stale content is dimmed while it is), and two animation frames:
    // the layout has answered the resize.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await seriousAxeViolations(page), `${name} at ${size}`).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} is wider than the ${size} screen`).toBeLessThanOrEqual(0);
    // An open dialog covers the screen: the screen is what a creator sees, not the page behind it.
    const dialogOpen = (await page.getByRole('dialog').count()) > 0;
    await screenshot(page, `${name}-${size}`, { fullPage: !dialogOpen });
  }
  await page.setViewportSize(DESKTOP);
}
