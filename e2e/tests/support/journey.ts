import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';

/**
 * Screenshots of a journey, numbered in the order taken: `<folder>/<nn>-<name>.png`, full page.
 * Returns the function that takes one.
 */
export function journeyShots(folder: string): (page: Page, name: string) => Promise<void> {
  let step = 0;
  return async (page, name) => {
    step += 1;
    await page.screenshot({
      path: `${folder}/${String(step).padStart(2, '0')}-${name}.png`,
      fullPage: true,
    });
  };
}

/**
 * Moves the server's clock (`PUT /v1/test/clock`, on with TEST_CLOCK=1 in playwright.config.ts)
 * to `at`; it runs on from there. Specs that move it put it back in `afterAll`.
 */
export async function setServerClock(request: APIRequestContext, at: Date): Promise<void> {
  const res = await request.put('/v1/test/clock', { data: { now: at.toISOString() } });
  expect(res.ok(), `PUT /v1/test/clock: ${res.status()} ${await res.text()}`).toBe(true);
}

const clocked = new WeakSet<BrowserContext>();
/**
 * Moves a browser context's clock to `at` (installing Playwright's clock the first time); time
 * runs on from there. Pages read it on their next load.
 */
export async function setBrowserClock(context: BrowserContext, at: Date): Promise<void> {
  if (clocked.has(context)) {
    await context.clock.setSystemTime(at);
  } else {
    await context.clock.install({ time: at });
    clocked.add(context);
  }
}

/** "$61.73": how the app shows `minor` cents in USD (en-US). */
export const usd = (minor: number): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(minor / 100);

/** The status badge of an order page. */
export const statusBadge = (page: Page) => page.locator('[data-slot="order-status-badge"]').first();

/**
 * As the signed-in customer on `customer`: finds Demo Plumbing Co. by search, picks the first free
 * slot of its first service, checks out at `address` and pays with the sandbox card that
 * succeeds (4242…). Resolves once the confirmation heading shows ("Booking requested" or
 * "Booking confirmed").
 */
export async function bookDemoPlumber(customer: Page, address: string): Promise<void> {
  await customer.goto('/user/services?category=plumbing');
  const search = customer.getByRole('combobox', { name: 'What do you need help with?' });
  await search.fill('Demo Plumbing');
  await customer.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await customer
    .getByRole('link', { name: /Demo Plumbing Co\./ })
    .first()
    .click();
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Demo Plumbing Co.' }),
  ).toBeVisible();
  await customer.locator('a[href*="/service?serviceId="]').first().click();
  const slot = customer.locator('[data-slot="slot-picker-time"]:not([disabled])').first();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await customer.getByRole('link', { name: 'Continue to checkout' }).click();
  await customer.getByLabel('Address').fill(address);
  await customer.getByRole('button', { name: 'Place order' }).click();
  await customer.getByLabel('Card number').fill('4242 4242 4242 4242');
  await customer
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await customer.getByLabel('CVC').fill('123');
  await customer.getByLabel('Name on card').fill('Casey Customer');
  await customer.getByRole('button', { name: /^Pay/ }).click();
  await expect(
    customer.getByRole('heading', { name: /^Booking (requested|confirmed)$/ }),
  ).toBeVisible();
}
