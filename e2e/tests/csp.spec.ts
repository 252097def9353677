import { type Page, expect, test } from '@playwright/test';
import { readOtp } from './outbox';

/**
 * The production build runs under its strict Content-Security-Policy with zero
 * violations — the public home page and a signed-in page (live socket, toasts, dialogs' styles).
 * Chromium reports each blocked resource both as a `securitypolicyviolation` event and as a
 * console message; the test listens to both.
 */

/** Records CSP violations of `page` (events and console messages) from its first document on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) messages.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => [
    ...messages,
    ...(await page.evaluate(
      () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
    )),
  ];
}

test('the home page and a signed-in page run under the CSP without a violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);

  const home = await page.goto('/');
  const policy = home?.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(policy).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The inline theme script ran (its hash is allowed): it sets the color scheme before paint.
  expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('light');
  expect(await violations()).toEqual([]);

  await page.goto('/auth/login');
  await page.getByLabel('Email').fill('customer@vetted.test');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('vetted-demo-1');
  const loginAt = Date.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/otp-verification/);
  const code = await readOtp('customer@vetted.test', loginAt);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/user$/, { timeout: 20_000 });

  await page.goto('/user/history');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await violations()).toEqual([]);
});
