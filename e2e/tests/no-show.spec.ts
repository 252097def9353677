import { expect, test } from '@playwright/test';
import { bookAheadThroughApi, dataOf } from './support/api-booking';
import { signIn } from './support/app-routes';
import { signInPage } from './support/browser-session';
import { setBrowserClock, setServerClock, statusBadge } from './support/journey';

/**
 * No-shows, in Chromium on the production build with seeded data: a booking the pro accepted;
 * 20 minutes after its start (the server's and both browsers' clocks moved there: a no-show may
 * be recorded from 15 minutes after the start) the pro marks "Customer not there" after a
 * confirmation stating the fee, the customer's open order page shows the fee without a reload,
 * and the customer disputes it to support. Every wait is on a state.
 */

const shots = 'artifacts/screenshots/no-show';

test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setServerClock(request, new Date());
  await request.dispose();
});

test('the pro marks the customer as not there; the customer sees the fee and disputes it', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const order = await bookAheadThroughApi(api, '9 Absent Lane, Boston, MA');
  const vendorSession = await signIn(api, 'vendor');
  await dataOf(
    await api.post(`/v1/orders/${order.id}/transitions`, {
      headers: { authorization: `Bearer ${vendorSession.accessToken}` },
      data: { action: 'accept' },
    }),
  );
  const later = new Date(Date.parse(order.startsAt) + 20 * 60_000);
  await setServerClock(api, later);

  // The customer's order page, left open from here on.
  const customer = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  await setBrowserClock(customer.context(), later);
  await customer.goto(`/user/history/order?id=${order.id}`);
  await expect(statusBadge(customer)).toHaveAttribute('data-status', 'accepted');
  await expect(customer.getByRole('button', { name: "Pro didn't come" })).toBeVisible();

  // The pro marks the customer as not there, after the confirmation stating the fee.
  const vendor = await signInPage(browser, 'vendor@vetted.test', /\/vendor$/);
  await setBrowserClock(vendor.context(), later);
  await vendor.goto(`/vendor/history/order?id=${order.id}`);
  await vendor.getByRole('button', { name: 'Customer not there' }).click();
  const confirm = vendor.getByRole('alertdialog');
  await expect(confirm).toContainText(/a no-show fee of \$[\d,.]+/);
  await vendor.screenshot({ path: `${shots}/01-vendor-confirm.png` });
  await confirm.getByRole('button', { name: 'Mark as a no-show' }).click();
  await expect(
    vendor.getByRole('heading', { name: 'You marked the customer as not there' }),
  ).toBeVisible();

  // Live on the customer's page: the fee, and the dispute.
  const charged = customer.getByRole('heading', { name: /^Marked as a no-show: a fee of/ });
  await expect(charged).toBeVisible();
  await customer.screenshot({ path: `${shots}/02-customer-charged.png`, fullPage: true });
  await customer.getByRole('button', { name: 'Dispute this fee' }).click();
  const dispute = customer.getByRole('dialog', { name: 'Dispute the no-show fee' });
  await dispute.getByLabel('What happened?').fill('I was home all morning and the bell works.');
  await dispute.getByRole('button', { name: 'Send to support' }).click();
  await expect(dispute).toBeHidden();
  await expect(customer.getByText(/You disputed the fee on/)).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Dispute this fee' })).toHaveCount(0);
  await customer.screenshot({ path: `${shots}/03-customer-disputed.png`, fullPage: true });
  await api.dispose();
});
