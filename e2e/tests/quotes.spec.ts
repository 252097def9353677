import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { waitForMail } from './outbox';
import { dataOf } from './support/api-booking';
import { signIn } from './support/app-routes';
import { signInPage } from './support/browser-session';
import { journeyShots, setBrowserClock, setServerClock, statusBadge } from './support/journey';

/**
 * Quotes in three browser contexts, on the production build with seeded data: the demo customer
 * asks for plumbing quotes with two photos; two of the matched pros quote from their lead pages;
 * the customer asks one a question (the pair's conversation) and counters the other, who accepts
 * the counter-offer; the customer accepts that quote and pays it in checkout, and the order is
 * accepted for the pro with no action of theirs; the other pro's lead says they were not chosen.
 * On the day the pro adds an extra, the customer approves it with the sandbox card, the job is
 * started with the customer's code and completed, and the receipt mail lists both amounts.
 * Every wait is on a state.
 */

const shot = journeyShots('artifacts/screenshots/quotes');
const CUSTOMER_EMAIL = 'customer@vetted.test';

/** A 1×1 PNG: the image pipeline re-encodes whatever it is given. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

interface Lead {
  vendor: { id: string; businessName: string };
  quote: { id: string; slots: string[]; total: { amount: number } } | null;
}

/** The sign-in email of a matched pro: the demo login, else the owner's (admin console). */
async function proEmail(api: APIRequestContext, vendorId: string, demoVendorId: string) {
  if (vendorId === demoVendorId) return 'vendor@vetted.test';
  const admin = await signIn(api, 'admin');
  const detail = await dataOf<{ ownerEmail: string }>(
    await api.get(`/v1/admin/vendors/${vendorId}`, {
      headers: { Authorization: `Bearer ${admin.accessToken}` },
    }),
  );
  return detail.ownerEmail;
}

/** Fills the sandbox card form in `scope` with the card that succeeds, and pays. */
async function payWithTestCard(scope: Page | Locator) {
  await expect(scope.getByText(/Test mode/i).first()).toBeVisible();
  await scope.getByLabel('Card number').fill('4242 4242 4242 4242');
  await scope
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Name on card').fill('Casey Customer');
  await scope.getByRole('button', { name: /^Pay/ }).click();
}

/** On a pro's lead page: one line, a 2-hour job, the first free time, sent. */
async function sendQuote(pro: Page, requestId: string, line: string, amount: string, message = '') {
  await pro.goto(`/vendor/leads/${requestId}`);
  await expect(pro.getByRole('button', { name: 'Send quote' })).toBeVisible();
  await pro.getByRole('textbox', { name: 'Line 1', exact: true }).fill(line);
  await pro.getByLabel(/^Amount \(/).fill(amount);
  await pro.getByLabel('How long the job takes (minutes)').fill('120');
  const day = pro.getByRole('tablist', { name: 'Day' }).getByRole('tab');
  const times = pro.getByRole('tabpanel').getByRole('button', { pressed: false });
  // The first day with a free time.
  await expect(day.first()).toBeVisible();
  for (let i = 0; i < (await day.count()); i++) {
    await day.nth(i).click();
    if ((await times.count()) > 0) break;
  }
  await times.first().click();
  await expect(pro.getByText('Offering 1 of 3:')).toBeVisible();
  if (message) await pro.getByLabel('Message (optional)').fill(message);
  await pro.getByRole('button', { name: 'Send quote' }).click();
  await expect(pro.getByRole('button', { name: 'Send quote' })).toHaveCount(0);
}

// Other spec files share this server: put its clock back, even after a failure.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setServerClock(request, new Date());
  await request.dispose();
});

test.use({ actionTimeout: 30_000 });

test('two pros quote a job with photos; the customer asks, counters, books and pays; an extra is approved and the receipt lists both', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const stamp = Date.now();
  const customer = await signInPage(browser, CUSTOMER_EMAIL, /\/user$/);

  // ── The request: plumbing, the saved place, this week, two photos.
  await customer.goto('/user/quotes/new?category=plumbing');
  await customer
    .getByLabel('Describe the job')
    .fill(`The boiler leaks under the kitchen and the pressure drops every night. (${stamp})`);
  await customer.getByRole('combobox', { name: 'Saved place' }).click();
  await customer.getByRole('option', { name: /^Home/ }).click();
  await expect(customer.getByLabel('Address')).toHaveValue(/Charles Street/);
  await customer.locator('[data-slot="quote-photos"] input[type="file"]').setInputFiles([
    { name: 'leak.png', mimeType: 'image/png', buffer: PNG },
    { name: 'boiler.png', mimeType: 'image/png', buffer: PNG },
  ]);
  await expect(
    customer.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem'),
  ).toHaveCount(2);
  await shot(customer, 'customer-request-form');
  await customer.getByRole('button', { name: 'Send request' }).click();
  await expect(customer).toHaveURL(/\/user\/quotes\/[0-9a-f-]{36}$/);
  const requestId = customer.url().split('/').pop()!;

  // Its matches, best first; the demo pro if matched, and one more.
  const session = await signIn(request, 'customer');
  const auth = { Authorization: `Bearer ${session.accessToken}` };
  const read = async () =>
    dataOf<{ leads: Lead[]; photos: unknown[] }>(
      await request.get(`/v1/quote-requests/${requestId}`, { headers: auth }),
    );
  const matched = await read();
  expect(matched.photos).toHaveLength(2);
  expect(matched.leads.length).toBeGreaterThanOrEqual(2);
  const vendors = await dataOf<{ items: Array<{ id: string; businessName: string }> }>(
    await request.get('/v1/vendors', { params: { q: 'Demo Plumbing' } }),
  );
  const demoId = vendors.items.find((v) => v.businessName === 'Demo Plumbing Co.')?.id ?? '';
  const ordered = [...matched.leads].sort(
    (a, b) => Number(b.vendor.id === demoId) - Number(a.vendor.id === demoId),
  );
  const [leadA, leadB] = ordered as [Lead, Lead];
  const proA = await signInPage(
    browser,
    await proEmail(request, leadA.vendor.id, demoId),
    /\/vendor$/,
  );
  const proB = await signInPage(
    browser,
    await proEmail(request, leadB.vendor.id, demoId),
    /\/vendor$/,
  );

  // ── Both pros see the lead and quote it.
  await proA.goto('/vendor/leads');
  await expect(proA.getByText(`(${stamp})`).first()).toBeVisible();
  await shot(proA, 'pro-a-leads');
  await sendQuote(proA, requestId, 'Replace the leaking valve', '180');
  await shot(proA, 'pro-a-quoted');
  // B's message gives a phone number: contact details stay in Vetted until a booking between
  // the two exists. B is never the demo pro (sorted first above), whom the demo customer has
  // booked before, so theirs is hidden.
  await sendQuote(
    proB,
    requestId,
    'Fix the leak and repressurise',
    '200',
    'Happy to help. Call me on 617-555-0123 to talk it through.',
  );

  // ── The customer sees both side by side, asks A a question and counters B.
  await customer.reload();
  const cardOf = (name: string) =>
    customer.locator('article').filter({ has: customer.getByRole('heading', { name }) });
  const cardA = cardOf(leadA.vendor.businessName);
  const cardB = cardOf(leadB.vendor.businessName);
  await expect(cardA).toContainText('$180.00');
  await expect(cardB).toContainText('$200.00');
  await expect(cardB).toContainText('Call me on [phone hidden until you book]');
  await expect(cardB).not.toContainText('617-555-0123');
  await shot(customer, 'customer-two-quotes');

  await cardA.getByRole('button', { name: 'Ask a question' }).click();
  await expect(customer).toHaveURL(/\/user\/messages\?c=/);
  const question = `Do you carry the valve, or order it? (${stamp})`;
  await customer.getByRole('textbox', { name: /message/i }).fill(question);
  await customer.keyboard.press('Enter');
  await expect(customer.getByText(question)).toBeVisible();
  await proA.goto('/vendor/messages');
  await expect(proA.getByText(question).first()).toBeVisible();

  await customer.goto(`/user/quotes/${requestId}`);
  await cardB.getByRole('button', { name: 'Counter-offer' }).click();
  const counter = customer.getByRole('dialog', { name: /Counter-offer to/ });
  await counter.getByLabel(/^Your offer/).fill('170');
  await counter.getByLabel('Note (optional)').fill('Would you do it for 170?');
  await counter.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(counter).toHaveCount(0);

  // ── B accepts the counter-offer; the customer accepts B's quote and pays.
  await proB.reload();
  await proB.getByRole('button', { name: 'Accept counter-offer' }).click();
  await expect(proB.getByRole('button', { name: 'Accept counter-offer' })).toHaveCount(0);
  await customer.reload();
  await expect(cardB).toContainText('$170.00');
  const quoteB = (await read()).leads.find((l) => l.vendor.id === leadB.vendor.id)!.quote!;
  expect(quoteB.total.amount).toBe(17_000);
  await cardB.getByRole('radio').first().check();
  await cardB.getByRole('button', { name: 'Accept', exact: true }).click();
  await customer
    .getByRole('alertdialog')
    .getByRole('button', { name: /^Accept and pay/ })
    .click();
  await expect(customer).toHaveURL(/\/user\/history\/order\?id=/);
  const orderId = new URL(customer.url()).searchParams.get('id') ?? '';
  const pay = customer.getByRole('dialog');
  await payWithTestCard(pay);
  // Paid, then accepted for the pro (who committed by quoting) with no action of theirs.
  await expect(statusBadge(customer)).toHaveAttribute('data-status', 'accepted', {
    timeout: 30_000,
  });
  await shot(customer, 'customer-order-accepted');

  // ── The other pro sees they were not chosen.
  await proA.goto(`/vendor/leads/${requestId}`);
  await expect(proA.getByText('Casey chose another pro')).toBeVisible();
  await shot(proA, 'pro-a-not-chosen');

  // ── On the day: B adds an extra, the customer approves it with the card.
  const order = await dataOf<{ startsAt: string }>(
    await request.get(`/v1/orders/${orderId}`, { headers: auth }),
  );
  const startCode = (
    (await customer.getByRole('region', { name: 'Your start code' }).textContent()) ?? ''
  ).match(/\d{4}/)?.[0];
  expect(startCode).toMatch(/^\d{4}$/);
  const jobTime = new Date(Date.parse(order.startsAt) - 25 * 60_000);
  await setServerClock(request, jobTime);
  await setBrowserClock(proB.context(), jobTime);
  await setBrowserClock(customer.context(), jobTime);
  await proB.goto(`/vendor/history/order?id=${orderId}`);
  await expect(statusBadge(proB)).toHaveAttribute('data-status', 'accepted');
  await proB.getByRole('button', { name: 'Add an extra' }).click();
  const extra = proB.getByRole('dialog', { name: 'Add an extra' });
  await extra.getByLabel('What is the extra work?').fill('Replace the corroded trap as well');
  await extra.getByLabel(/^Price \(/).fill('45');
  await extra.getByRole('button', { name: /^Send to/ }).click();
  await expect(extra).toHaveCount(0);
  await shot(proB, 'pro-b-extra-proposed');

  await customer.reload();
  const approve = customer.getByRole('button', { name: /^Approve and authorise/ });
  await expect(approve).toBeVisible();
  await shot(customer, 'customer-extra-to-approve');
  await approve.click();
  await payWithTestCard(customer.getByRole('dialog', { name: 'Approve the extra' }));
  await expect(customer.locator('[data-status="approved"]').first()).toBeVisible();

  // ── B starts the job with the customer's code and completes it.
  await proB.reload();
  await proB.getByRole('button', { name: 'Start job' }).click();
  const startDialog = proB.getByRole('dialog', { name: 'Start this job' });
  await startDialog.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
  await proB.keyboard.type(startCode ?? '');
  await startDialog.getByRole('button', { name: 'Start job' }).click();
  await expect(statusBadge(proB)).toHaveAttribute('data-status', 'in_progress');
  const completedAt = Date.now();
  await proB.getByRole('button', { name: 'Mark complete' }).click();
  await proB.getByRole('alertdialog').getByRole('button', { name: 'Mark complete' }).click();
  await expect(statusBadge(proB)).toHaveAttribute('data-status', 'completed');
  await shot(proB, 'pro-b-completed');

  // ── The final receipt lists the booking (the agreed $170.00 + 5 % fee) and the extra ($45.00 +
  // 5 % fee), and what was charged in all: 17,000 + 850 + 4,500 + 225 = 22,575 cents.
  const receipt = await waitForMail(
    CUSTOMER_EMAIL,
    completedAt,
    (m) => m.text.includes('Extra: Replace the corroded trap as well'),
    30_000,
  );
  expect(receipt.text).toContain('Agreed price (counter-offer): $170.00');
  expect(receipt.text).toContain('Booking fee: $8.50');
  expect(receipt.text).toContain('Extra: Replace the corroded trap as well: $45.00');
  expect(receipt.text).toContain('Total charged: $225.75');
  await customer.reload();
  await expect(statusBadge(customer)).toHaveAttribute('data-status', 'completed');
  await shot(customer, 'customer-completed');
});
