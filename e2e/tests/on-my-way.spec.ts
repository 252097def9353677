import { expect, test } from '@playwright/test';
import { bookAheadThroughApi, dataOf } from './support/api-booking';
import { signIn } from './support/app-routes';
import { signInPage } from './support/browser-session';
import { setBrowserClock, setServerClock, statusBadge } from './support/journey';

/**
 * "On my way", in Chromium on the production build with seeded data: a booking the pro has
 * accepted; an hour before its start (the server's and the pro's clocks moved there: "On my
 * way" opens 3 hours before), the pro sends an ETA from their order page and the customer's open
 * order page shows it without a reload. Every wait is on a state.
 */

const shots = 'artifacts/screenshots/on-my-way';

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setServerClock(request, new Date());
  await request.dispose();
});

test('the pro says they are on the way and the customer sees it live', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const order = await bookAheadThroughApi(api, '7 Route Street, Boston, MA');
  const vendorSession = await signIn(api, 'vendor');
  await dataOf(
    await api.post(`/v1/orders/${order.id}/transitions`, {
      headers: { authorization: `Bearer ${vendorSession.accessToken}` },
      data: { action: 'accept' },
    }),
  );
  const anHourBefore = new Date(Date.parse(order.startsAt) - 3_600_000);
  await setServerClock(api, anHourBefore);

  // The customer's order page, left open from here on.
  const customer = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  await customer.goto(`/user/history/order?id=${order.id}`);
  await expect(statusBadge(customer)).toHaveAttribute('data-status', 'accepted');
  const notice = customer.getByRole('heading', { name: /^On the way — arriving around/ });
  await expect(notice).toHaveCount(0);

  // The pro, whose browser is an hour before the job too, sends a 20-minute ETA.
  const vendor = await signInPage(browser, 'vendor@vetted.test', /\/vendor$/);
  await setBrowserClock(vendor.context(), anHourBefore);
  await vendor.goto(`/vendor/history/order?id=${order.id}`);
  await vendor.getByRole('button', { name: 'On my way' }).click();
  const dialog = vendor.getByRole('dialog', { name: 'On my way' });
  await dialog.getByRole('button', { name: '20 min' }).click();
  await expect(dialog.getByLabel('Minutes until you arrive')).toHaveValue('20');
  await vendor.screenshot({ path: `${shots}/01-vendor-dialog.png` });
  await dialog.getByRole('button', { name: 'Tell the customer' }).click();
  await expect(dialog).toBeHidden();
  await expect(
    vendor.getByRole('heading', { name: /^On the way — arriving around/ }),
  ).toBeVisible();

  // Live on the customer's page, with the ETA the pro gave.
  await expect(notice).toBeVisible();
  await expect(customer.getByText(/set off at .+, about 20 min away\./)).toBeVisible();
  await customer.screenshot({ path: `${shots}/02-customer-live.png`, fullPage: true });
  await api.dispose();
});
