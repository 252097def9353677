import { expect, type Locator, type Page, test } from '@playwright/test';
import { readOtp } from './outbox';
import { signInPage } from './support/browser-session';
import { journeyShots, setBrowserClock, setServerClock, statusBadge, usd } from './support/journey';

/**
 * "Tests that must exist": the customer's whole loop, in Chromium, on the production
 * build with seeded data. A new customer saves a place by typing "Bost…" and picking Boston,
 * searches "plumbr", books and pays the nearest pro by the distance shown (Demo Plumbing Co.);
 * the pro (second browser context) accepts, starts with the customer's start code and completes;
 * the customer leaves a 5-star review and a tip; it arrives on the pro's open /vendor/reviews
 * without a reload, and the pro replies there; the review and the reply show on the pro's page.
 * A second booking is rescheduled (the pro confirms the new time), then cancelled inside 24 h
 * with the quoted refund: 50 % of the service price, the booking fee kept
 * (packages/contract/src/cancellation.ts, band `late`).
 *
 * Time: "Start job" opens 30 min before the slot (orders policy START_WINDOW_MS) and the late band
 * starts 24 h before it, while bookable slots are at least an hour ahead. So the SERVER clock is
 * moved (`PUT /v1/test/clock`, on with TEST_CLOCK=1 in playwright.config.ts) and the BROWSER
 * clocks with it (`context.clock`): the pages decide "Start job", "Reschedule" and relative dates
 * from Date.now() (hence 14-day access tokens in playwright.config.ts: the session cookie's
 * lifetime is counted on the browser's clock). Every sign-in (one-time codes by mail, matched by
 * their time) happens before the clock moves, and the server clock is put back in `afterAll`,
 * since other spec files share the server. Every wait is on a state, never on time.
 */

const shot = journeyShots('artifacts/screenshots/customer-loop');

/** Minor units of a money text as the app formats it in en-US, e.g. "$1,061.73" → 106173. */
function minorUnits(text: string): number {
  const match = /\$\s?([\d,]+\.\d{2})/.exec(text);
  expect(match, `an amount in “${text}”`).not.toBeNull();
  return Math.round(Number(match![1]!.replace(/,/g, '')) * 100);
}

const paymentStatus = (page: Page) => page.locator('dt:text-is("Status") + dd');
const startCodePanel = (page: Page) => page.getByRole('region', { name: 'Your start code' });

/** The day tab of a slot picker (in `scope`) that is the last one with free times. */
function lastDayWithFreeTimes(scope: Page | Locator): Locator {
  return scope
    .getByRole('tablist', { name: 'Day' })
    .getByRole('tab', { name: /\d+ free times?$/ })
    .last();
}

/** The free times of the slot picker's open day (in `scope`). */
function freeTimes(scope: Page | Locator): Locator {
  return scope.getByRole('tabpanel').locator('[data-slot="slot-picker-time"]:not([disabled])');
}

/** Fills the sandbox card form (checkout and tip) with the test card that succeeds, and pays. */
async function payWithTestCard(scope: Page | Locator, name: string) {
  await expect(scope.getByText(/Test mode/i).first()).toBeVisible();
  await scope.getByLabel('Card number').fill('4242 4242 4242 4242');
  await scope
    .getByLabel('Expiry (MM/YY)')
    .fill(`12/${String((new Date().getFullYear() + 2) % 100).padStart(2, '0')}`);
  await scope.getByLabel('CVC').fill('123');
  await scope.getByLabel('Name on card').fill(name);
  await scope.getByRole('button', { name: /^Pay/ }).click();
}

/**
 * From a service page with a slot chosen: checkout (the address comes from the default place),
 * place the order, pay. Resolves with the order id and the slot's start (from the checkout URL).
 */
async function checkoutAndPay(
  page: Page,
  name: string,
  label: string,
): Promise<{ orderId: string; startsAt: Date }> {
  await page.getByRole('link', { name: 'Continue to checkout' }).click();
  await expect(page).toHaveURL(/\/service\/checkout\?/);
  const startsAt = new Date(new URL(page.url()).searchParams.get('startsAt') ?? '');
  expect(Number.isNaN(startsAt.getTime())).toBe(false);
  // The default place fills the job's address.
  await expect(page.getByLabel('Address')).toHaveValue(/12 Beacon Street.*Boston/);
  await shot(page, `${label}-checkout`);
  await page.getByRole('button', { name: 'Place order' }).click();
  await payWithTestCard(page, name);
  await expect(
    page.getByRole('heading', { name: /^Booking (requested|confirmed)$/ }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'View order' }).click();
  await expect(page).toHaveURL(/\/user\/history\/order\?id=/);
  const orderId = new URL(page.url()).searchParams.get('id') ?? '';
  await expect(statusBadge(page)).toHaveAttribute('data-status', 'paid');
  return { orderId, startsAt };
}

// A stuck action fails at once, not at the end of the journey's 6-minute budget.
test.use({ actionTimeout: 30_000 });

// Other spec files share this server: put its clock back, even after a failure or a timeout
// (a request context of its own: the test's may be closed by then).
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setServerClock(request, new Date());
  await request.dispose();
});

test('the customer loop: place, search, book, job done, review + tip + reply; reschedule, then a late cancellation at 50 %', async ({
  page: customer,
  browser,
  request,
}) => {
  test.setTimeout(360_000);
  const stamp = Date.now();
  const email = `loop.${stamp}@example.com`;
  const fullName = 'Riley Loop';
  const reviewText = `Fixed the leak under the sink in no time, and left it spotless. (${stamp})`;
  const replyText = `Thank you, Riley! Call us any time. (${stamp})`;

  // ── Sign up (a new customer: no saved place yet) and sign the pro in, both before any clock
  // moves: one-time codes are read from mails by their time.
  await customer.goto('/auth/signup');
  // Prerendered: fill the form once the app has hydrated it.
  await expect(customer.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await customer.getByLabel('Full name').fill(fullName);
  await customer.getByLabel('Email').fill(email);
  await customer.getByRole('textbox', { name: 'Password', exact: true }).fill('correct-horse-42');
  const signupAt = Date.now();
  await customer.getByRole('button', { name: 'Create account' }).click();
  await expect(customer).toHaveURL(/\/auth\/otp-verification/);
  const otp = await readOtp(email, signupAt);
  await customer.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await customer.keyboard.type(otp);
  await expect(customer).toHaveURL(/\/user$/, { timeout: 20_000 });
  const vendor = await signInPage(browser, 'vendor@vetted.test', /\/vendor$/);

  // ── Saved place: type "Bost", pick Boston from the city list, save. It becomes the default.
  await customer.goto('/user/location');
  await expect(customer.getByRole('heading', { level: 1, name: 'Saved places' })).toBeVisible();
  await expect(customer.getByText('No saved places yet')).toBeVisible();
  const form = customer.getByRole('region', { name: 'Add a place' });
  await form.getByLabel('Name').fill('Home');
  await form.getByLabel('Street and number').fill('12 Beacon Street');
  const city = form.getByRole('combobox', { name: 'City' });
  await city.pressSequentially('Bost');
  const boston = form
    .getByRole('listbox', { name: 'Cities' })
    .getByRole('option', { name: /^Boston\b.*United States/ })
    .first();
  await expect(boston).toBeVisible();
  await shot(customer, 'city-suggestions');
  await boston.click();
  await expect(city).toHaveValue('Boston');
  await expect(form.getByRole('combobox', { name: 'Country' })).toHaveText(/United States/);
  await form.getByRole('button', { name: 'Save place' }).click();
  const place = customer.getByRole('list', { name: 'Saved places' }).getByRole('listitem');
  await expect(place).toHaveCount(1);
  await expect(place).toContainText('Home');
  await expect(place).toContainText('12 Beacon Street, Boston');
  await expect(place.getByText('Default')).toBeVisible();
  await shot(customer, 'place-saved');

  // ── Search "plumbr" (a typo) and open the nearest pro by the distance shown.
  await customer.goto('/search');
  const box = customer.getByRole('combobox', { name: 'What do you need help with?' });
  await box.fill('plumbr');
  await customer.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
  await expect(customer).toHaveURL(/\/search\?(.*&)?q=plumbr/);
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Results for “plumbr”' }),
  ).toBeVisible();
  await expect(box).toHaveValue('plumbr');
  const cards = customer.locator('article[data-slot="vendor-card"]');
  await expect(cards.first()).toBeVisible();
  await shot(customer, 'search-plumbr');
  const results = await cards.evaluateAll((articles) =>
    articles.map((a) => ({
      name: a.querySelector('h3')?.textContent?.trim() ?? '',
      text: a.textContent ?? '',
    })),
  );
  // Distances in miles for a US place, else km or m.
  const KM_PER = { mi: 1.609344, km: 1, m: 0.001 } as const;
  const withKm = results.map((r) => {
    const m = /·\s*([\d.,]+)\s*(mi|km|m)/.exec(r.text.replace(/\u00a0/g, ' '));
    expect(m, `a distance on the card of ${r.name}`).not.toBeNull();
    const n = Number(m![1]!.replace(/,/g, ''));
    return { ...r, km: n * KM_PER[m![2] as keyof typeof KM_PER] };
  });
  const nearest = withKm.reduce((a, b) => (b.km < a.km ? b : a));
  // The nearest pro is the demo vendor (seed: 42 Beacon Street, ~600 m from Boston's centre),
  // whose account the pro's browser is signed in to.
  expect(nearest.name).toBe('Demo Plumbing Co.');
  expect(nearest.text).toContain('Plumbing');
  await cards
    .filter({ has: customer.getByRole('heading', { name: nearest.name, exact: true }) })
    .getByRole('link', { name: nearest.name, exact: true })
    .click();
  await expect(customer).toHaveURL(/\/user\/services\/vendor\/[0-9a-f-]+$/);
  const vendorPath = new URL(customer.url()).pathname;
  await expect(
    customer.getByRole('heading', { level: 1, name: 'Demo Plumbing Co.' }),
  ).toBeVisible();
  // How many reviews the pro's page counts before ours ("Reviews (n)").
  const reviewsHeading = customer.getByRole('heading', { level: 2, name: /^Reviews \(\d+\)$/ });
  await expect(reviewsHeading).toBeVisible();
  const reviewsBefore = Number(/\((\d+)\)/.exec((await reviewsHeading.textContent()) ?? '')?.[1]);
  expect(reviewsBefore).toBeGreaterThan(0);
  await shot(customer, 'vendor-page');

  // ── Book and pay the first free time (order 1).
  await customer.locator('a[href*="/service?serviceId="]').first().click();
  await expect(customer).toHaveURL(/\/service\?serviceId=/);
  const servicePath = new URL(customer.url());
  const firstFree = freeTimes(customer).first();
  await firstFree.click();
  await expect(firstFree).toHaveAttribute('aria-pressed', 'true');
  await shot(customer, 'service-slot');
  const order1 = await checkoutAndPay(customer, fullName, 'order1');
  const order1Url = customer.url();

  // ── A second booking, days later: the last day with free times (order 2).
  await customer.goto(`${servicePath.pathname}${servicePath.search}`);
  await lastDayWithFreeTimes(customer).click();
  const laterFree = freeTimes(customer).first();
  await laterFree.click();
  await expect(laterFree).toHaveAttribute('aria-pressed', 'true');
  const order2 = await checkoutAndPay(customer, fullName, 'order2');
  const order2Url = customer.url();
  expect(order2.startsAt.getTime() - Date.now()).toBeGreaterThan(48 * 3_600_000);

  // ── The pro accepts both; the customer sees order 1's start code.
  for (const { orderId } of [order1, order2]) {
    await vendor.goto(`/vendor/history/order?id=${orderId}`);
    await expect(statusBadge(vendor)).toHaveAttribute('data-status', 'paid');
    await vendor.getByRole('button', { name: 'Accept' }).click();
    await expect(statusBadge(vendor)).toHaveAttribute('data-status', 'accepted');
  }
  await customer.goto(order1Url);
  await expect(statusBadge(customer)).toHaveAttribute('data-status', 'accepted');
  const startCode = (
    await startCodePanel(customer)
      .getByText(/^\d{4}$/)
      .textContent()
  )?.trim();
  expect(startCode).toMatch(/^\d{4}$/);
  await shot(customer, 'order1-accepted-start-code');

  // ── Order 2 is moved to the last free time of the last day with free times.
  await customer.goto(order2Url);
  await expect(statusBadge(customer)).toHaveAttribute('data-status', 'accepted');
  await customer.getByRole('button', { name: 'Reschedule' }).click();
  const move = customer.getByRole('dialog', { name: 'Move this booking' });
  await expect(move).toBeVisible();
  await lastDayWithFreeTimes(move).click();
  const newTime = freeTimes(move).last();
  await newTime.click();
  await expect(newTime).toHaveAttribute('aria-pressed', 'true');
  await expect(move.getByText('New time:')).toBeVisible();
  await shot(customer, 'order2-reschedule');
  const moved = customer.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && r.url().endsWith(`/orders/${order2.orderId}/reschedule`),
  );
  await move.getByRole('button', { name: 'Move booking' }).click();
  const movedBody = (await (await moved).json()) as { data: { startsAt: string } };
  const order2NewStart = new Date(movedBody.data.startsAt);
  expect(order2NewStart.getTime()).not.toBe(order2.startsAt.getTime());
  await expect(move).toHaveCount(0);
  await expect(customer.getByRole('heading', { name: 'New time sent to the pro' })).toBeVisible();
  await shot(customer, 'order2-rescheduled');

  // The pro confirms the new time.
  await vendor.goto(`/vendor/history/order?id=${order2.orderId}`);
  await expect(
    vendor.getByRole('heading', { name: 'The customer moved this booking' }),
  ).toBeVisible();
  await shot(vendor, 'vendor-order2-moved');
  await vendor.getByRole('button', { name: 'Confirm new time' }).click();
  await expect(
    vendor.getByRole('heading', { name: 'The customer moved this booking' }),
  ).toHaveCount(0);
  await expect(vendor.getByRole('button', { name: 'Confirm new time' })).toHaveCount(0);

  // ── 25 minutes before order 1's slot (server and both browsers): the pro starts the job
  // with the customer's code and completes it.
  const jobTime = new Date(order1.startsAt.getTime() - 25 * 60_000);
  await setServerClock(request, jobTime);
  await setBrowserClock(vendor.context(), jobTime);
  await setBrowserClock(customer.context(), jobTime);
  await vendor.goto(`/vendor/history/order?id=${order1.orderId}`);
  await expect(statusBadge(vendor)).toHaveAttribute('data-status', 'accepted');
  const start = vendor.getByRole('button', { name: 'Start job' });
  await expect(start).toBeEnabled();
  await start.click();
  const startDialog = vendor.getByRole('dialog', { name: 'Start this job' });
  await expect(startDialog).toBeVisible();
  await startDialog.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
  await vendor.keyboard.type(startCode ?? '');
  await shot(vendor, 'vendor-start-code');
  await startDialog.getByRole('button', { name: 'Start job' }).click();
  await expect(statusBadge(vendor)).toHaveAttribute('data-status', 'in_progress');
  await vendor.getByRole('button', { name: 'Mark complete' }).click();
  await vendor.getByRole('alertdialog').getByRole('button', { name: 'Mark complete' }).click();
  await expect(statusBadge(vendor)).toHaveAttribute('data-status', 'completed');
  await shot(vendor, 'vendor-completed');

  // The pro keeps their reviews page open: the review arrives there without a reload.
  await vendor.goto('/vendor/reviews');
  await expect(vendor.getByRole('heading', { level: 1, name: 'Reviews' })).toBeVisible();
  const theirReview = vendor.locator('li[id^="review-"]').filter({ hasText: reviewText });
  await expect(theirReview).toHaveCount(0);

  // ── The customer reviews the job: 5 stars and a text.
  await customer.goto(order1Url);
  await expect(statusBadge(customer)).toHaveAttribute('data-status', 'completed');
  // The review card (`#review`, where the completion notification links).
  const reviewCard = customer.locator('#review');
  await expect(
    reviewCard.getByRole('heading', { name: 'How was Demo Plumbing Co.?' }),
  ).toBeVisible();
  const reviewForm = reviewCard.getByRole('form', { name: 'Review Demo Plumbing Co.' });
  // A person clicks the fifth star (the radio's label; the radio itself is visually hidden).
  const fiveStars = reviewForm.getByRole('radio', { name: '5 stars, Excellent' });
  await reviewForm
    .locator('label')
    .filter({ has: customer.getByRole('radio', { name: '5 stars, Excellent' }) })
    .click();
  await expect(fiveStars).toBeChecked();
  await reviewForm.getByLabel('Tell others about it (optional)').fill(reviewText);
  await shot(customer, 'review-form');
  await reviewForm.getByRole('button', { name: 'Post review' }).click();
  await expect(reviewCard.getByRole('heading', { name: 'Your review' })).toBeVisible();
  await expect(reviewCard.getByRole('status')).toContainText(
    "Your review is now on Demo Plumbing Co.'s page",
  );
  await expect(reviewCard.getByRole('img', { name: /^Rated 5(\.0)? out of 5$/ })).toBeVisible();
  await expect(reviewCard).toContainText(reviewText);

  // ── …and a tip: the first preset amount, paid with the sandbox card.
  await customer.getByRole('button', { name: 'Add a tip' }).click();
  const tipDialog = customer.getByRole('dialog', { name: 'Tip Demo Plumbing Co.' });
  await expect(tipDialog).toBeVisible();
  const preset = tipDialog
    .getByRole('group', { name: /All of it goes to Demo Plumbing Co\./ })
    .getByRole('button')
    .first();
  const tipMinor = minorUnits((await preset.textContent()) ?? '');
  await preset.click();
  await expect(tipDialog.getByLabel('Tip amount (USD)')).toHaveValue((tipMinor / 100).toFixed(2));
  await shot(customer, 'tip-amount');
  await tipDialog.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(tipDialog).toContainText(`Tip of ${usd(tipMinor)}`);
  await payWithTestCard(tipDialog, fullName);
  await expect(tipDialog).toHaveCount(0);
  const tipLine = customer.locator('dt', { hasText: 'Your tip' }).locator('+ dd');
  await expect(tipLine).toContainText(usd(tipMinor));
  await expect(tipLine).toContainText('Sent');
  await expect(customer.getByRole('button', { name: 'Add a tip' })).toHaveCount(0);
  await shot(customer, 'order1-reviewed-and-tipped');

  // ── The pro replies from their reviews page, where the review came in live.
  await expect(theirReview).toBeVisible();
  await theirReview.getByRole('button', { name: 'Reply' }).click();
  await theirReview.getByLabel(/^Reply to /).fill(replyText);
  await shot(vendor, 'vendor-reply');
  await theirReview.getByRole('button', { name: 'Post reply' }).click();
  await expect(theirReview).toContainText(replyText);
  await expect(theirReview.getByRole('button', { name: 'Reply' })).toHaveCount(0);

  // ── On the pro's page: the review with its five stars and the pro's reply.
  await customer.goto(vendorPath);
  const publicReview = customer
    .locator('#reviews li[id^="review-"]')
    .filter({ hasText: reviewText });
  await expect(publicReview).toBeVisible();
  await expect(publicReview.getByRole('img', { name: /^Rated 5(\.0)? out of 5$/ })).toBeVisible();
  await expect(publicReview).toContainText('Reply from Demo Plumbing Co.');
  await expect(publicReview).toContainText(replyText);
  await expect(reviewsHeading).toHaveText(`Reviews (${reviewsBefore + 1})`);
  await shot(customer, 'vendor-page-review-and-reply');

  // ── 12 hours before order 2's new time: inside 24 h. No more moving it; cancelling gives
  // back half the service price and keeps the booking fee (the quote, then the cancel).
  const lateTime = new Date(order2NewStart.getTime() - 12 * 3_600_000);
  await setServerClock(request, lateTime);
  await setBrowserClock(customer.context(), lateTime);
  await customer.goto(order2Url);
  await expect(statusBadge(customer)).toHaveAttribute('data-status', 'accepted');
  await expect(customer.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  const priceCard = customer.locator('dl').filter({ has: customer.locator('dt:text-is("Total")') });
  const servicePrice = minorUnits(
    (await priceCard.locator('dt:text-is("Service") + dd').textContent()) ?? '',
  );
  const fee = minorUnits(
    (await priceCard.locator('dt:text-is("Booking fee") + dd').textContent()) ?? '',
  );
  expect(fee).toBeGreaterThan(0);
  const total = minorUnits(
    (await priceCard.locator('dt:text-is("Total") + dd').textContent()) ?? '',
  );
  // The late band: 50 % of the service price (not of the total); the booking fee is kept.
  const expectedRefund = usd(Math.round(servicePrice / 2));
  await customer.getByRole('button', { name: 'Cancel booking' }).click();
  const cancelDialog = customer.getByRole('alertdialog', { name: 'Cancel this booking?' });
  await expect(cancelDialog).toContainText(
    `You’ll get back ${expectedRefund} (50 % of the service price) — cancelling within 24 hours of the start. The booking fee is kept.`,
  );
  await shot(customer, 'order2-cancel-quote');
  await cancelDialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(cancelDialog).toHaveCount(0);
  // Cancelled at once; the refund then settles through the outbox and the page follows live.
  const timeline = customer.getByRole('list').filter({ hasText: 'Booking created' });
  const cancelled = timeline.getByRole('listitem').filter({ hasText: /^Cancelled/ });
  await expect(cancelled).toContainText(
    `Cancelled by the customer, cancelling within 24 hours of the start: ${expectedRefund} back`,
  );
  await expect(statusBadge(customer)).toHaveAttribute('data-status', /^(cancelled|refunded)$/);
  // Half the service price of the total came back: "Partly refunded", never a bare "Refunded".
  await expect(paymentStatus(customer)).toHaveText(/^Partly refunded \$[\d.,]+ of \$[\d.,]+$/);
  await expect(customer.locator('dt:text-is("Refunded") + dd')).toHaveText(
    `${expectedRefund} of ${usd(total)}`,
  );
  await expect(timeline.getByRole('listitem').filter({ hasText: /^Refunded/ })).toContainText(
    `Refunded ${expectedRefund} of ${usd(total)}`,
  );
  await expect(customer.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await shot(customer, 'order2-cancelled');
  await vendor.context().close();
});
