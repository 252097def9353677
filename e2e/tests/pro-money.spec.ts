import { type APIRequestContext, expect, test } from '@playwright/test';
import { openContext, signIn, type Theme } from './support/app-routes';

type Session = Awaited<ReturnType<typeof signIn>>;

/**
 * "A pro sees their own net per order, never the customer's card digits", in Chromium
 * on the production build with the seeded demo accounts: the demo customer books the demo pro
 * and pays with the sandbox card ending 4242 (through the API); the pro's order list and order
 * page show "Your earnings" with "Price − Vetted fee", and no card digits anywhere. On a 390 px
 * phone the order header keeps "Accept" and puts the other actions in "More actions". Light and
 * dark, 375 / 390 and 1280 px; screenshots in the test output folder.
 */

/** The `data` of an API answer, failing the test on an error status. */
async function dataOf<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.ok(), `${response.url()}: ${response.status()} ${await response.text()}`).toBe(
    true,
  );
  return ((await response.json()) as { data: T }).data;
}

const auth = (session: Session) => ({ authorization: `Bearer ${session.accessToken}` });

/** A booking of the demo pro's first service, paid (card authorised) by the demo customer. */
async function paidBooking(
  request: APIRequestContext,
  pro: Session,
  customer: Session,
): Promise<{ id: string; reference: string }> {
  const services = await dataOf<{ id: string; archivedAt?: string | null }[]>(
    await request.get('/v1/vendor/services', { headers: auth(pro) }),
  );
  const serviceId = services.find((s) => !s.archivedAt)!.id;
  const slots = await dataOf<{ days: { slots: { startsAt: string; available: boolean }[] }[] }>(
    await request.get(`/v1/services/${serviceId}/slots?days=14`),
  );
  const free = slots.days.flatMap((d) => d.slots).filter((s) => s.available);
  // Start from the end: other journeys of the same run book the first free slots.
  const slot = free[free.length - 1]!;
  const order = await dataOf<{ id: string; reference: string }>(
    await request.post('/v1/orders', {
      headers: auth(customer),
      data: { serviceId, startsAt: slot.startsAt, address: '1 Money Street, Boston, MA' },
    }),
  );
  const payment = await dataOf<{ id: string }>(
    await request.post('/v1/payments/initialize', {
      headers: auth(customer),
      data: { orderId: order.id },
    }),
  );
  await dataOf(
    await request.post(`/v1/payments/${payment.id}/confirm`, {
      headers: auth(customer),
      data: {
        card: {
          number: '4242 4242 4242 4242',
          expMonth: 12,
          expYear: new Date().getUTCFullYear() + 2,
          cvc: '123',
          name: 'Casey Customer',
        },
      },
    }),
  );
  return order;
}

test("the pro's orders show their earnings and never the card; the header fits a phone", async ({
  browser,
  request,
  baseURL,
}, testInfo) => {
  const pro = await signIn(request, 'vendor');
  const customer = await signIn(request, 'customer');
  const order = await paidBooking(request, pro, customer);
  // What the API sends the pro about it: their net, no digits.
  const detail = await dataOf<{
    vendorNet: { amount: number };
    total: { amount: number };
    fee: { amount: number };
    payment: { cardLast4: string | null };
  }>(await request.get(`/v1/orders/${order.id}`, { headers: auth(pro) }));
  expect(detail.vendorNet.amount).toBe(detail.total.amount - detail.fee.amount);
  expect(detail.payment.cardLast4).toBeNull();

  for (const theme of ['light', 'dark'] as Theme[]) {
    for (const width of [1280, 390, 375]) {
      const context = await openContext(browser, baseURL!, { session: pro, theme, width });
      const page = await context.newPage();

      await page.goto('/vendor/history');
      const row = page.getByRole('link').filter({ hasText: order.reference });
      await expect(row).toContainText('Your earnings');
      await expect(row).toContainText(/Price .+ − Vetted fee/);
      await page.screenshot({
        path: testInfo.outputPath(`orders-${theme}-${width}.png`),
        fullPage: true,
      });

      await row.click();
      await expect(page.getByRole('heading', { level: 2, name: 'Your earnings' })).toBeVisible();
      await expect(page.getByText('Card authorised — charged when you accept')).toBeVisible();
      await expect(page.locator('main')).not.toContainText('4242');
      await expect(page.locator('main')).not.toContainText('••••');
      await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
      if (width < 480) {
        await expect(page.getByRole('button', { name: 'Decline' })).toBeHidden();
        await page.getByRole('button', { name: 'More actions' }).click();
        const menu = page.getByRole('menu');
        await expect(menu.getByRole('menuitem', { name: 'Message the customer' })).toBeVisible();
        await expect(menu.getByRole('menuitem', { name: 'Decline' })).toBeVisible();
        // Nothing of the header spills past the screen's edge.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBe(0);
      } else {
        await expect(page.getByRole('button', { name: 'Decline' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'More actions' })).toBeHidden();
      }
      await page.screenshot({
        path: testInfo.outputPath(`order-${theme}-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }
  }
});
