import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Presses Create Test in the open Create dialog, ticking "Start anyway" first when the plan is too
 * weak for the video's traffic, and waits for the dialog to close.
 */
export async function createFromDialog(dialog: Locator): Promise<void> {
  const create = dialog.getByRole('button', { name: 'Create Test' });
  const startAnyway = dialog.getByRole('checkbox', { name: /^Start anyway/ });
  await expect.poll(async () => !(await create.isDisabled()) || (await startAnyway.count()) > 0).toBe(true);
  if (await startAnyway.count()) await startAnyway.check();
  await expect.poll(() => create.isDisabled()).toBe(false);
  await create.click();
  await dialog.waitFor({ state: 'hidden' });
}
