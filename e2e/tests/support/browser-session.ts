import { type Browser, expect, type Page } from '@playwright/test';
import { readOtp } from '../outbox';

/** The password of the seeded demo accounts (README "demo logins"). */
export const DEMO_PASSWORD = 'vetted-demo-1';

/**
 * A page in its own browser context (reduced motion, so no dialog is judged mid-animation),
 * signed in to a seeded demo account through the real login form: password, then the one-time
 * code from the server's mail folder. Resolves once the area home (`home`) has loaded.
 * `initScript` (optional) runs in every document of the page before its own scripts.
 */
export async function signInPage(
  browser: Browser,
  email: string,
  home: RegExp,
  initScript?: () => void,
): Promise<Page> {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  if (initScript) await page.addInitScript(initScript);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/otp-verification/);
  const code = await readOtp(email, since);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(home, { timeout: 20_000 });
  return page;
}
