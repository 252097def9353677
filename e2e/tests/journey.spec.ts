import { type Page, expect, test } from '@playwright/test';
import { readOtp } from './outbox';

/**
 * The journey, as a new user would do it, on the production build with seeded data:
 * sign up with an emailed one-time code, pick a category, open a vendor, look at a service and
 * its gallery, pick a slot, pay by card (sandbox), see the order in the history; then the vendor
 * logs in and sees the new order and a notification for it.
 */

const shots = 'artifacts/screenshots';
let step = 0;
async function shot(page: Page, name: string) {
  step += 1;
  await page.screenshot({
    path: `${shots}/${String(step).padStart(2, '0')}-${name}.png`,
    fullPage: true,
  });
}

async function enterOtp(page: Page, email: string, since: number) {
  await expect(page).toHaveURL(/\/auth\/otp-verification/);
  await expect(page.getByText(email)).toBeVisible();
  const code = await readOtp(email, since);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await page.keyboard.type(code);
}

test('a new customer books and pays; the vendor sees the order and its notification', async ({
  page,
  browser,
}) => {
  const email = `erin.${Date.now()}@example.com`;

  // Home → sign up.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await shot(page, 'home');
  await page.getByRole('link', { name: 'Sign up' }).first().click();
  await expect(page).toHaveURL(/\/auth\/signup/);
  await page.getByLabel('Full name').fill('Erin Example');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('correct-horse-42');
  await shot(page, 'signup');
  const signupAt = Date.now();
  await page.getByRole('button', { name: 'Create account' }).click();

  // One-time code from the mail outbox.
  await enterOtp(page, email, signupAt);
  await shot(page, 'otp');
  await expect(page).toHaveURL(/\/user$/, { timeout: 20_000 });
  await shot(page, 'user-home');

  // A category, then the demo vendor in it.
  await page.goto('/user/category');
  await page
    .getByRole('link', { name: /Plumbing/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/user\/services\?.*category=plumbing/);
  // The signed-in services page is the same search screen as /search.
  await page.getByRole('combobox', { name: 'What do you need help with?' }).fill('Demo Plumbing');
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  const vendorLink = page.getByRole('link', { name: /Demo Plumbing Co\./ }).first();
  await expect(vendorLink).toBeVisible();
  await shot(page, 'services');
  await vendorLink.click();
  await expect(page).toHaveURL(/\/user\/services\/vendor\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Demo Plumbing Co.' })).toBeVisible();
  await shot(page, 'vendor');

  // A service, its gallery.
  await page.locator('a[href*="/service?serviceId="]').first().click();
  await expect(page).toHaveURL(/\/service\?serviceId=/);
  const serviceTitle = (await page.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
  expect(serviceTitle.length).toBeGreaterThan(0);
  await shot(page, 'service');
  await page.getByRole('link', { name: /View all photos/ }).click();
  await expect(page).toHaveURL(/\/service\/gallery\?serviceId=/);
  await expect(page.locator('img').first()).toBeVisible();
  await shot(page, 'gallery');
  await page.goBack();

  // A free slot → checkout.
  const slot = page.locator('[data-slot="slot-picker-time"]:not([disabled])').first();
  await expect(slot).toBeVisible();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/service\/checkout\?/);
  await page.getByLabel('Address').fill('12 Beacon Street, Boston, MA');
  await shot(page, 'checkout');
  await page.getByRole('button', { name: 'Place order' }).click();

  // Pay: a declined card first, then the test card that succeeds.
  await expect(page.getByText(/Test mode/i).first()).toBeVisible();
  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Name on card').fill('Erin Example');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /declined/i })
      .first(),
  ).toBeVisible();
  await shot(page, 'payment-declined');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(
    page.getByRole('heading', { name: /^Booking (requested|confirmed)$/ }),
  ).toBeVisible();
  const reference =
    (
      await page
        .getByText(/^VT-[A-Z0-9]{6}$/)
        .first()
        .textContent()
    )?.trim() ?? '';
  expect(reference).toMatch(/^VT-[A-Z0-9]{6}$/);
  await shot(page, 'confirmed');

  // The order page, then the history.
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/user\/history\/order\?id=/);
  const orderUrl = page.url();
  await expect(page.getByText('Awaiting acceptance').first()).toBeVisible();
  await shot(page, 'order');
  await page.goto('/user/history');
  await expect(page.getByText(reference)).toBeVisible();
  await expect(page.getByText(serviceTitle).first()).toBeVisible();
  await shot(page, 'history');

  // An unknown page inside the signed-in area shows the spec's 404 screen.
  await page.goto('/user/no-such-page');
  await expect(page.getByText('Page Not Found in the Multiverse')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Warp Back' })).toBeVisible();
  await shot(page, 'not-found');
  await page.getByRole('button', { name: 'Return to Base' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The vendor logs in (own browser context) and sees the order and a notification.
  const vendorContext = await browser.newContext();
  const vendor = await vendorContext.newPage();
  await vendor.goto('/auth/login');
  await vendor.getByLabel('Email').fill('vendor@vetted.test');
  await vendor.getByRole('textbox', { name: 'Password', exact: true }).fill('vetted-demo-1');
  const loginAt = Date.now();
  await vendor.getByRole('button', { name: 'Log in' }).click();
  await enterOtp(vendor, 'vendor@vetted.test', loginAt);
  await expect(vendor).toHaveURL(/\/vendor$/, { timeout: 20_000 });
  await expect(vendor.getByText(reference).first()).toBeVisible();
  await shot(vendor, 'vendor-dashboard');
  await vendor.goto('/vendor/history');
  await expect(vendor.getByText(reference)).toBeVisible();
  await vendor.goto('/vendor/notification');
  await expect(vendor.getByText(/New booking/).first()).toBeVisible();
  await expect(vendor.getByText(serviceTitle).first()).toBeVisible();
  await shot(vendor, 'vendor-notifications');

  // Live over /v1/ws: the customer cancels; the vendor's open page shows it without a reload.
  await page.goto(orderUrl);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel booking' }).click();
  // Cancelled before the pro accepted: the card was only authorised, so the hold is released.
  await expect(page.locator('dt:text-is("Status") + dd')).toHaveText('Not charged');
  await expect(vendor.getByText('Booking cancelled').first()).toBeVisible();
  await shot(vendor, 'vendor-live-cancellation');
  await vendorContext.close();
});

test('a protected page without a session is redirected to the home page with 303', async ({
  request,
}) => {
  const res = await request.get('/user/history', { maxRedirects: 0 });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toBe('/');
});
