import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { readOtp } from './outbox';
import { DEMO_PASSWORD } from './support/browser-session';

/**
 * Fixes from the same walk, in Chromium on the production build with the seeded
 * demo accounts: a wrong one-time code says so once (no second "Error verifying OTP" toast);
 * toasts sit below the header's controls; pages are titled after the pro, service or order
 * they show; a missing order offers a way back; after "Session expired" the person lands on
 * the login page with `redirect` back to where they were.
 */

const CUSTOMER = 'customer@vetted.test';

/** Logs the demo customer in at `width` px, entering `wrongCode` first when asked. */
async function logIn(
  context: BrowserContext,
  options: { wrongCodeFirst?: boolean } = {},
): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/auth/login');
  // Prerendered: fill the form once the app has hydrated it.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await page.getByLabel('Email').fill(CUSTOMER);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/otp-verification/);
  const code = await readOtp(CUSTOMER, since);
  const firstDigit = page.getByRole('textbox', { name: 'Digit 1 of 6' });
  if (options.wrongCodeFirst) {
    // A code that differs from the right one in every digit.
    const wrong = [...code].map((d) => String((Number(d) + 1) % 10)).join('');
    await firstDigit.click();
    await page.keyboard.type(wrong);
    const alert = page.locator('main [role="alert"]');
    await expect(alert).toBeVisible();
    const message = (await alert.textContent())?.trim() ?? '';
    expect(message.length).toBeGreaterThan(0);
    // The message is on the page once: in the form, not again in a toast.
    await expect(page.getByText(message, { exact: true })).toHaveCount(1);
    await expect(firstDigit).toBeFocused();
  }
  await firstDigit.click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/user$/, { timeout: 20_000 });
  return page;
}

for (const width of [1280, 375]) {
  test(`a wrong code shows one message; the "Signed in" toast sits below the header (${width} px)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width, height: 800 },
      reducedMotion: 'reduce',
    });
    const page = await logIn(context, { wrongCodeFirst: true });
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Signed in' });
    await expect(toast).toBeVisible();
    // Toasts appear in order: a toast of the wrong code would be on the page by now.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(1);
    await expect(page.getByText('Error verifying OTP')).toHaveCount(0);
    const header = await page.locator('header').first().boundingBox();
    const box = await toast.boundingBox();
    expect(header && box).toBeTruthy();
    expect(box!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await context.close();
  });
}

test('pages are titled after the pro, service and order; a missing order offers a way back', async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await logIn(context);

  // An order of the demo customer: "Order <reference> — Vetted".
  await page.goto('/user/history');
  await page.locator('main a[href*="/user/history/order?id="]').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const reference = (await page.getByRole('main').locator('p .font-mono').first().textContent())!;
  await expect(page).toHaveTitle(`Order ${reference.trim()} — Vetted`);

  // The demo pro, then one of their services.
  const found = await page.request.get('/v1/vendors?area=off&q=Demo%20Plumbing');
  const demo = (
    (await found.json()) as { data: { items: { id: string; businessName: string }[] } }
  ).data.items.find((v) => v.businessName === 'Demo Plumbing Co.')!;
  await page.goto(`/user/services/vendor/${demo.id}`);
  await expect(page).toHaveTitle('Demo Plumbing Co. — Vetted');
  const listed = await page.request.get(`/v1/vendors/${demo.id}/services`);
  const [service] = ((await listed.json()) as { data: { id: string; title: string }[] }).data;
  await page.goto(`/user/services/vendor/${demo.id}/service?serviceId=${service!.id}`);
  await expect(page).toHaveTitle(`${service!.title} by Demo Plumbing Co. — Vetted`);

  // Someone else's or a deleted order: "Go back" and "Home", not "Try again".
  await page.goto('/user/history/order?id=00000000-0000-4000-8000-000000000404');
  const main = page.getByRole('main');
  await expect(main.getByRole('button', { name: 'Go back' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(main.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await main.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/user\/services\/vendor\//);
  await context.close();
});

test('after "Session expired" the login page opens with redirect back, and signing in returns there', async ({
  browser,
}) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await logIn(context);
  await page.goto('/user/location');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Leave the app first: an open page revalidating with the refused tokens (its socket
  // reconnecting, say) would end the session itself before the next page loads.
  await page.goto('about:blank');
  // The server no longer knows the session: both tokens are refused.
  const [cookie] = (await context.cookies()).filter((c) => c.name === 'user_session');
  const session = JSON.parse(decodeURIComponent(cookie!.value)) as Record<string, unknown>;
  await context.addCookies([
    {
      ...cookie!,
      value: encodeURIComponent(
        JSON.stringify({ ...session, accessToken: 'revoked', refreshToken: 'revoked' }),
      ),
    },
  ]);
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fuser%2Fprofile$/);
  await expect(page.getByText('Session expired, Please login again')).toBeVisible();

  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();
  await page.getByLabel('Email').fill(CUSTOMER);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  const since = Date.now();
  await page.getByRole('button', { name: 'Log in' }).click();
  const code = await readOtp(CUSTOMER, since);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
  await expect(page).toHaveURL(/\/user\/profile$/, { timeout: 20_000 });
  await context.close();
});
