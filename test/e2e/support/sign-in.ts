import type { Page } from 'playwright-core';

/** A Date as a datetime-local value in the browser's (and this process's) time zone. */
export function localInputValue(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Signs in through the simulator's consent page (Google's stand-in) as `account`, to the dashboard. */
export async function signInWithGoogle(page: Page, baseUrl: string, account: RegExp): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Connect with Google' }).click();
  await page.getByRole('button', { name: account }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
}
