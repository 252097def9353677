import { expect, type Page, test } from '@playwright/test';
import { signInPage } from './support/browser-session';

/**
 * Checkout without surprises, in Chromium on the production build with seeded data:
 * the demo customer picks a slot of the Boston demo plumber and types an address in London —
 * checkout says at once that the pro doesn't serve it and "Place order" stays off. A Boston
 * address books; the payment step shows how long the slot is held and what happens after, and
 * once the hold has run out (the browser's clock moved on) paying is gone and another time can
 * be picked.
 */

const shots = process.env.E2E_SHOTS_DIR ?? 'artifacts/screenshots/checkout-area';

/** Full-page screenshots of the page as it is, light and dark, at 1280 px and 375 px. */
async function shootAll(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate(
        (dark) => document.documentElement.classList.toggle('dark', dark),
        theme === 'dark',
      );
      await page.screenshot({ path: `${shots}/${name}-${width}-${theme}.png`, fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an address outside the pro’s area is refused before booking; a held slot counts down', async ({
  browser,
}) => {
  const page = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  // The browser's timers under the test's control from here on (time still flows).
  await page.clock.install();

  // The demo plumber (Boston) → a service → its first free slot → checkout.
  await page.goto('/user/services?category=plumbing');
  await page.getByRole('combobox', { name: 'What do you need help with?' }).fill('Demo Plumbing');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await page
    .getByRole('link', { name: /Demo Plumbing Co\./ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Plumbing Co.' })).toBeVisible();
  await page.locator('a[href*="/service?serviceId="]').first().click();
  const slot = page.locator('[data-slot="slot-picker-time"]:not([disabled])').first();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/service\/checkout\?/);

  // The default place (Boston) is served: "Place order" is on.
  const address = page.getByLabel('Address');
  await expect(address).toHaveValue(/Boston/);
  const placeOrder = page.getByRole('button', { name: 'Place order' });
  await expect(placeOrder).toBeEnabled();

  // London: refused next to the address as soon as typing pauses, "Place order" off.
  await address.fill('221B Baker Street, London');
  const refusal = page.getByRole('alert').filter({ hasText: "doesn't serve" });
  await expect(refusal).toHaveText(
    /^Demo Plumbing Co\. doesn't serve London, GB \([\d,]+ mi away\)$/,
  );
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await expect(placeOrder).toBeDisabled();
  await shootAll(page, '01-outside-area');

  // A Boston address: the refusal goes, the order is placed.
  await address.fill('12 Beacon Street, Boston, MA');
  await expect(refusal).toHaveCount(0);
  await expect(placeOrder).toBeEnabled();
  await placeOrder.click();

  // Payment step: the slot is held for (just under) 15 minutes, and what happens after.
  const timer = page.getByRole('timer');
  await expect(timer).toHaveText(/^Slot held for 1[45]:\d\d$/);
  await expect(
    page.getByText('If the time runs out, the slot is released and you can pick another time.'),
  ).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeVisible();
  // It ticks: a second later it reads less.
  const before = await timer.textContent();
  await page.clock.runFor(2_000);
  await expect(timer).not.toHaveText(before ?? '');
  await shootAll(page, '02-slot-held');

  // The hold runs out: no paying, a way to pick another time.
  await page.clock.runFor(15 * 60_000);
  await expect(
    page.getByRole('alert').filter({ hasText: 'Your hold on this time has ended' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await shootAll(page, '03-hold-expired');
  await page.getByRole('link', { name: 'Pick another time' }).click();
  await expect(page).toHaveURL(/\/service\?serviceId=/);
  await page.context().close();
});
