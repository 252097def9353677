import { resolve } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { readOtp } from './outbox';
import { signInPage } from './support/browser-session';
import { journeyShots, setBrowserClock, setServerClock, statusBadge, usd } from './support/journey';

/**
 * "Tests that must exist": the supply side joins, in Chromium, on the production build
 * with seeded data. A new pro signs up with their business (typing "Bost…" for the city), fills
 * the onboarding checklist — business profile, a service with two photos, opening hours,
 * identity and insurance documents — and submits it. The seeded admin approves it from the
 * vetting queue. The seeded customer finds the new pro by name in search, books and pays. The pro
 * accepts, starts the job with the customer's code and completes it; the pro's earnings show the
 * net amount (the service price: the booking fee is the platform's) as pending; after the 7-day
 * hold (simulated clock, `PUT /v1/test/clock`) it is available, and once the pro has added a
 * bank account the pro pays it out to "•••• 6789".
 *
 * Time, as in customer-loop.spec.ts: the server clock and the browsers' clocks move together
 * (pages decide "Start job" from Date.now()); every sign-in happens before the clock moves, and
 * the server clock is put back in `afterAll`. Every wait is on a state, never on time.
 */

const shot = journeyShots('artifacts/screenshots/vendor-onboarding');

const fixture = (name: string) => resolve(import.meta.dirname, '../fixtures', name);

/** The value of the earnings figure labelled `label` (a StatCard: label, then value). */
const figure = (page: Page, label: string) => page.locator(`p:text-is("${label}") + p`).first();

// A stuck action fails at once, not at the end of the journey's budget.
test.use({ actionTimeout: 30_000 });

// Other spec files share this server: put its clock back, even after a failure.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setServerClock(request, new Date());
  await request.dispose();
});

test('a new pro joins: sign-up with a business, checklist, submit; the admin approves; a customer finds, books and pays; job done; earnings pending, then paid out after the hold', async ({
  page: pro,
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const stamp = Date.now();
  const email = `pro.${stamp}@example.com`;
  const businessName = `Lanternfish Electric ${String(stamp).slice(-6)}`;
  const priceMinor = 9_500;

  // ── Sign up as a pro, with the business.
  await pro.emulateMedia({ reducedMotion: 'reduce' });
  await pro.goto('/auth/signup');
  await expect(pro.getByRole('button', { name: 'Create account' })).toBeEnabled();
  await pro.getByRole('radio', { name: /I offer services/ }).click();
  await expect(pro.getByRole('heading', { name: 'Create your pro account' })).toBeVisible();
  await pro.getByLabel('Full name').fill('Morgan Lantern');
  await pro.getByLabel('Email').fill(email);
  await pro.getByRole('textbox', { name: 'Password', exact: true }).fill('correct-horse-42');
  await pro.getByLabel('Business name').fill(businessName);
  await pro.getByRole('combobox', { name: 'Main category' }).click();
  await pro.getByRole('option', { name: 'Electrical', exact: true }).click();
  const city = pro.getByRole('combobox', { name: 'City' });
  await city.pressSequentially('Bost');
  const boston = pro
    .getByRole('listbox', { name: 'Cities' })
    .getByRole('option', { name: /^Boston\b.*United States/ })
    .first();
  await expect(boston).toBeVisible();
  await boston.click();
  await expect(city).toHaveValue('Boston');
  await shot(pro, 'signup-business');
  const signupAt = Date.now();
  await pro.getByRole('button', { name: 'Create account' }).click();
  await expect(pro).toHaveURL(/\/auth\/otp-verification/);
  const otp = await readOtp(email, signupAt);
  await pro.getByRole('textbox', { name: 'Digit 1 of 6' }).click();
  await pro.keyboard.type(otp);

  // ── The onboarding checklist, nothing done but the sign-up's facts.
  await expect(pro).toHaveURL(/\/vendor$/, { timeout: 20_000 });
  await expect(pro.getByRole('heading', { level: 1, name: 'Set up your business' })).toBeVisible();
  await expect(pro.getByText('0 of 4 steps done')).toBeVisible();
  await expect(pro.getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  await shot(pro, 'checklist-empty');

  // ── Business profile: a tagline and a bio.
  await pro.goto('/vendor/business');
  await expect(pro.getByLabel('Business name')).toHaveValue(businessName);
  await pro.getByLabel('Tagline').fill('Safe, tidy electrical work across Boston');
  await pro
    .getByLabel('About your business')
    .fill(
      'Licensed electricians since 2009: rewiring, fuse boards, lighting and EV chargers, with a tidy finish.',
    );
  await pro.getByRole('button', { name: 'Save changes' }).click();
  await expect(pro.getByText('Business profile saved')).toBeVisible();
  await shot(pro, 'business-profile');

  // ── A service, then two photos.
  await pro.goto('/vendor/services/service?id=new');
  await pro.getByLabel('Title').fill('Light fitting installation');
  await pro
    .getByLabel('Description')
    .fill('Supply check, safe isolation and installation of up to three ceiling lights.');
  await pro.getByLabel(/^Price \(USD\)/).fill(String(priceMinor / 100));
  await pro.getByRole('button', { name: 'Create service' }).click();
  await expect(pro).toHaveURL(/\/vendor\/services\/service\?id=[0-9a-f-]{36}/);
  await pro
    .getByLabel('Choose photos to add')
    .setInputFiles([fixture('service-photo-1.jpg'), fixture('service-photo-2.jpg')]);
  const photos = pro.getByRole('list', { name: 'Photos, the first is the cover' });
  await expect(photos.getByRole('listitem')).toHaveCount(2);
  await shot(pro, 'service-with-photos');

  // ── Opening hours: Monday 09:00–17:00, copied to every day.
  await pro.goto('/vendor/availability');
  await pro.getByRole('button', { name: 'Add hours on Monday' }).click();
  await pro.getByRole('button', { name: "Copy to every day (Monday's hours)" }).click();
  await pro.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(pro.getByRole('button', { name: 'Save opening hours' })).toBeDisabled();
  await shot(pro, 'opening-hours');

  // ── Identity and insurance documents (PDF).
  await pro.goto('/vendor/documents');
  await pro
    .getByLabel('Choose a file for proof of identity')
    .setInputFiles(fixture('document.pdf'));
  await expect(
    pro.getByRole('list', { name: 'Proof of identity files' }).getByText('document.pdf'),
  ).toBeVisible();
  await pro
    .getByLabel('Choose a file for insurance certificate')
    .setInputFiles(fixture('document.pdf'));
  await expect(
    pro.getByRole('list', { name: 'Insurance certificate files' }).getByText('document.pdf'),
  ).toBeVisible();
  await shot(pro, 'documents');

  // ── Everything done: submit for review.
  await pro.goto('/vendor');
  await expect(pro.getByText('4 of 4 steps done')).toBeVisible();
  await pro.getByRole('button', { name: 'Submit for review' }).click();
  await pro.getByRole('alertdialog').getByRole('button', { name: 'Submit for review' }).click();
  await expect(
    pro.getByRole('heading', { level: 1, name: 'Your profile is under review' }),
  ).toBeVisible();
  await shot(pro, 'submitted');

  // ── The admin finds it in the vetting queue and approves it.
  const admin = await signInPage(browser, 'admin@vetted.test', /\/admin$/);
  await admin.goto('/admin/vendors');
  await admin.getByRole('link', { name: businessName }).click();
  await expect(admin).toHaveURL(/\/admin\/vendors\/[0-9a-f-]{36}$/);
  await expect(admin.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await shot(admin, 'admin-vendor');
  await admin.getByRole('button', { name: 'Approve' }).click();
  const approve = admin.getByRole('alertdialog', { name: `Approve ${businessName}?` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(approve).toHaveCount(0);
  await expect(admin.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await shot(admin, 'admin-approved');

  // ── The customer finds the new pro by name, books the first free time and pays.
  const customer = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  await customer.goto(`/search?q=${encodeURIComponent(businessName)}`);
  const card = customer
    .locator('article[data-slot="vendor-card"]')
    .filter({ has: customer.getByRole('heading', { name: businessName, exact: true }) });
  await expect(card).toBeVisible();
  await shot(customer, 'search-by-name');
  await card.getByRole('link', { name: businessName, exact: true }).click();
  await expect(customer.getByRole('heading', { level: 1, name: businessName })).toBeVisible();
  await customer.locator('a[href*="/service?serviceId="]').first().click();
  await expect(customer).toHaveURL(/\/service\?serviceId=/);
  const firstFree = customer
    .getByRole('tabpanel')
    .locator('[data-slot="slot-picker-time"]:not([disabled])')
    .first();
  await firstFree.click();
  await expect(firstFree).toHaveAttribute('aria-pressed', 'true');
  await customer.getByRole('link', { name: 'Continue to checkout' }).click();
  const startsAt = new Date(new URL(customer.url()).searchParams.get('startsAt') ?? '');
  expect(Number.isNaN(startsAt.getTime())).toBe(false);
  const address = customer.getByLabel('Address');
  if (!(await address.inputValue())) await address.fill('7 Harbor Street, Boston');
  await customer.getByRole('button', { name: 'Place order' }).click();
  await expect(customer.getByText(/Test mode/i).first()).toBeVisible();
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
  await customer.getByRole('link', { name: 'View order' }).click();
  const orderId = new URL(customer.url()).searchParams.get('id') ?? '';
  expect(orderId).toMatch(/^[0-9a-f-]{36}$/);
  await shot(customer, 'booked');

  // ── The pro accepts; the customer sees the start code.
  await pro.goto(`/vendor/history/order?id=${orderId}`);
  await expect(statusBadge(pro)).toHaveAttribute('data-status', 'paid');
  await pro.getByRole('button', { name: 'Accept' }).click();
  await expect(statusBadge(pro)).toHaveAttribute('data-status', 'accepted');
  await customer.reload();
  const startCode = (
    await customer
      .getByRole('region', { name: 'Your start code' })
      .getByText(/^\d{4}$/)
      .textContent()
  )?.trim();
  expect(startCode).toMatch(/^\d{4}$/);

  // ── 25 minutes before the slot: the pro starts with the code and completes the job.
  const jobTime = new Date(startsAt.getTime() - 25 * 60_000);
  await setServerClock(request, jobTime);
  await setBrowserClock(pro.context(), jobTime);
  await pro.goto(`/vendor/history/order?id=${orderId}`);
  await pro.getByRole('button', { name: 'Start job' }).click();
  const startDialog = pro.getByRole('dialog', { name: 'Start this job' });
  await startDialog.getByRole('textbox', { name: 'Digit 1 of 4' }).click();
  await pro.keyboard.type(startCode ?? '');
  await startDialog.getByRole('button', { name: 'Start job' }).click();
  await expect(statusBadge(pro)).toHaveAttribute('data-status', 'in_progress');
  await pro.getByRole('button', { name: 'Mark complete' }).click();
  await pro.getByRole('alertdialog').getByRole('button', { name: 'Mark complete' }).click();
  await expect(statusBadge(pro)).toHaveAttribute('data-status', 'completed');

  // ── Earnings: the net amount (the service price; the fee is the platform's) is pending,
  // on hold for 7 days; nothing to pay out yet.
  await pro.goto('/vendor/earnings');
  await expect(figure(pro, 'Pending')).toHaveText(usd(priceMinor));
  await expect(figure(pro, 'On hold')).toHaveText(usd(priceMinor));
  await expect(figure(pro, 'Available')).toHaveText(usd(0));
  await expect(pro.getByRole('button', { name: 'Pay out' })).toBeDisabled();
  await shot(pro, 'earnings-pending');

  // ── 8 days later: past the hold, available; the pro pays it out.
  const afterHold = new Date(jobTime.getTime() + 8 * 24 * 3_600_000);
  await setServerClock(request, afterHold);
  await setBrowserClock(pro.context(), afterHold);
  await pro.goto('/vendor/earnings');
  await expect(figure(pro, 'Pending')).toHaveText(usd(0));
  await expect(figure(pro, 'Available')).toHaveText(usd(priceMinor));
  // No payout before the pro says where it goes: a US bank account, checked by the server.
  await expect(pro.getByRole('button', { name: 'Pay out' })).toBeDisabled();
  await expect(pro.getByRole('link', { name: 'Add where your payouts go first' })).toBeVisible();
  const bank = pro.getByRole('form', { name: 'Bank account' });
  await bank.getByRole('textbox', { name: /^Account holder/ }).fill(businessName);
  await bank.getByRole('textbox', { name: /^Routing number/ }).fill('011000015');
  await bank.getByRole('textbox', { name: /^Account number/ }).fill('000123456789');
  await bank.getByRole('button', { name: 'Save payout account' }).click();
  await expect(pro.getByText('Bank account •••• 6789')).toBeVisible();
  await pro.getByRole('button', { name: 'Pay out' }).click();
  const payOut = pro.getByRole('alertdialog', { name: `Pay out ${usd(priceMinor)}?` });
  await expect(payOut.getByText('Everything available in USD is sent to •••• 6789.')).toBeVisible();
  await payOut.getByRole('button', { name: `Pay out ${usd(priceMinor)}` }).click();
  await expect(figure(pro, 'Available')).toHaveText(usd(0));
  await expect(figure(pro, 'Paid out')).toHaveText(usd(priceMinor));
  // The payout reaches the (sandbox) bank through the outbox: the list says so once it has.
  await expect(async () => {
    await pro.reload();
    await expect(
      pro.getByRole('list', { name: 'Payouts' }).getByText('Paid', { exact: true }),
    ).toBeVisible();
  }).toPass({ timeout: 30_000 });
  await shot(pro, 'earnings-paid-out');
});
