import type { Locator, Page } from 'playwright-core';
import { expect, vi } from 'vitest';

/**
 * Picks `option` in a Mantine Select. Its listbox opens on click, but a click that lands while
 * the dialog around it is still rendering (its data arriving) can be swallowed, so the click is
 * repeated until the listbox shows; the choice is then checked in the input.
 */
export async function chooseOption(page: Page, select: Locator, option: string): Promise<void> {
  const label = await select.getAttribute('aria-label');
  const name = label ?? (await page.locator(`label[for="${await select.getAttribute('id')}"]`).innerText());
  const listbox = page.getByRole('listbox', { name });
  await vi.waitFor(
    async () => {
      if (!(await listbox.isVisible())) await select.click();
      await listbox.waitFor({ timeout: 2_000 });
    },
    { timeout: 20_000, interval: 250 },
  );
  await listbox.getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => select.inputValue()).toBe(option);
}
