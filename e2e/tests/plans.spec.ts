import { type APIRequestContext, expect, test } from '@playwright/test';
import { dataOf } from './support/api-booking';
import { signIn } from './support/app-routes';
import { signInPage } from './support/browser-session';
import { setServerClock } from './support/journey';

/**
 * Recurring plans, in Chromium on the production build with seeded data: the customer books the
 * demo plumber "Every week" at checkout (a slot 30 hours ahead or more whose next two weeks are
 * free too) and pays the first visit with the sandbox card; both order pages name the visit of
 * the plan; the pro accepts the plan on their plans page; the visits ahead are booked; the customer
 * skips visit 2 on the plan's page; the pro's calendar feed then lists the other visits and not
 * the skipped one. Every wait is on a state.
 */

const shots = 'artifacts/screenshots/plans';
const WEEK_MS = 7 * 86_400_000;

interface PlanVisit {
  visit: number;
  startsAt: string;
  orderId: string | null;
  status: string;
}
interface Plan {
  id: string;
  status: string;
  visits: PlanVisit[];
}

/** `YYYYMMDDTHHMMSS`: an instant as the pro's local DATE-TIME (`DTSTART;TZID=<zone>:…`). */
function localIcs(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}${part('month')}${part('day')}T${part('hour')}${part('minute')}${part('second')}`;
}

/** The demo plumber, its first service, and a free slot ≥ 30 h ahead free 1 and 2 weeks on too. */
async function weeklySlot(api: APIRequestContext) {
  const vendors = await dataOf<{
    items: Array<{ id: string; businessName: string; timeZone?: string }>;
  }>(await api.get('/v1/vendors', { params: { q: 'Demo Plumbing' } }));
  const vendor = vendors.items.find((v) => v.businessName === 'Demo Plumbing Co.');
  expect(vendor, 'the seeded demo vendor').toBeTruthy();
  const [service] = await dataOf<Array<{ id: string; title: string }>>(
    await api.get(`/v1/vendors/${vendor?.id}/services`),
  );
  const week = await dataOf<{
    days: Array<{ slots: Array<{ startsAt: string; available: boolean }> }>;
  }>(await api.get(`/v1/services/${service?.id}/slots`, { params: { days: 14 } }));
  const free = new Set(
    week.days.flatMap((d) => d.slots.filter((s) => s.available).map((s) => s.startsAt)),
  );
  const later = (iso: string, weeks: number) =>
    new Date(Date.parse(iso) + weeks * WEEK_MS).toISOString();
  const startsAt = [...free]
    .sort()
    .find((s) => Date.parse(s) > Date.now() + 30 * 3600_000 && free.has(later(s, 1)));
  expect(startsAt, 'a free slot 30 hours ahead or more, free a week later too').toBeTruthy();
  return { vendorId: vendor?.id as string, serviceId: service?.id as string, startsAt: startsAt! };
}

// Other spec files share this server: put its clock back, even after a failure.
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setServerClock(request, new Date());
  await request.dispose();
});

test('a customer starts a weekly plan, skips one visit, and the pro’s feed lists the others', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const { vendorId, serviceId, startsAt } = await weeklySlot(api);

  // Checkout of that slot: "How often?" → Every week; what happens to the card is said first.
  const customer = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  await customer.goto(
    `/user/services/vendor/${vendorId}/service/checkout?${new URLSearchParams({ serviceId, startsAt })}`,
  );
  // The saved place fills the address once it loads: typed over it, checked, typed again if the
  // fill raced it.
  const address = customer.getByLabel('Address');
  const where = '7 Weekly Way, Boston, MA';
  await expect(async () => {
    await address.fill(where);
    await expect(address).toHaveValue(where, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await customer.getByRole('combobox', { name: 'How often?' }).click();
  await customer.getByRole('option', { name: 'Every week' }).click();
  await expect(customer.getByText(/each visit is charged 48 hours before it/)).toBeVisible();
  await customer.screenshot({ path: `${shots}/01-how-often.png`, fullPage: true });
  await customer.getByRole('button', { name: 'Start plan' }).click();

  // The first visit is paid like any order, under a note that it starts a plan.
  await expect(customer.getByText(/First visit of a plan: every week/)).toBeVisible();
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

  // The plan, as the customer's API sees it: pending, its first visit at the slot.
  const asCustomer = { authorization: `Bearer ${(await signIn(api, 'customer')).accessToken}` };
  const plans = await dataOf<Plan[]>(await api.get('/v1/plans', { headers: asCustomer }));
  const plan = plans.find((p) => p.visits[0]?.startsAt === startsAt);
  expect(plan, 'the plan just started').toBeTruthy();
  expect(plan?.status).toBe('pending');

  // The customer's order page says which visit of which plan it is, linking to the plan.
  const firstOrderId = plan?.visits[0]?.orderId;
  await customer.goto(`/user/history/order?id=${firstOrderId}`);
  await expect(customer.getByRole('link', { name: 'Visit 1 of a weekly plan' })).toHaveAttribute(
    'href',
    `/user/plans/${plan?.id}`,
  );

  // The pro accepts it on their plans page (waiting for an answer first).
  const pro = await signInPage(browser, 'vendor@vetted.test', /\/vendor$/);
  await pro.goto('/vendor/plans');
  const waiting = pro.getByRole('region', { name: 'Waiting for your answer' });
  const card = waiting.locator(`[data-plan="${plan?.id}"]`);
  await expect(card).toBeVisible();
  await pro.screenshot({ path: `${shots}/02-pro-pending.png`, fullPage: true });
  await card.getByRole('button', { name: 'Accept' }).click();
  await expect(card).toBeHidden();
  await pro.goto(`/vendor/history/order?id=${firstOrderId}`);
  await expect(pro.getByRole('link', { name: 'Visit 1 of a weekly plan' })).toHaveAttribute(
    'href',
    `/vendor/plans/${plan?.id}`,
  );
  await pro.context().close();

  // The visits within the booking window get their orders.
  const asPro = { authorization: `Bearer ${(await signIn(api, 'vendor')).accessToken}` };
  let booked = await dataOf<Plan>(await api.get(`/v1/plans/${plan?.id}`, { headers: asCustomer }));
  expect(booked.status).toBe('active');
  await expect(async () => {
    await api.post('/v1/test/jobs/due');
    booked = await dataOf<Plan>(await api.get(`/v1/plans/${plan?.id}`, { headers: asCustomer }));
    expect(booked.visits[1]?.orderId, 'visit 2 booked').toBeTruthy();
  }).toPass({ timeout: 30_000 });

  // The customer skips visit 2 on the plan's page and sees it marked skipped.
  await customer.goto('/user/plans');
  await customer.locator(`a[href="/user/plans/${plan?.id}"]`).click();
  await expect(customer.getByRole('heading', { level: 1 })).toBeVisible();
  await customer.getByRole('button', { name: 'Skip visit 2' }).click();
  const dialog = customer.getByRole('alertdialog');
  await dialog.getByRole('button', { name: 'Skip visit' }).click();
  await expect(dialog).toBeHidden();
  const second = customer.locator('li[data-visit="2"]');
  await expect(second).toHaveAttribute('data-status', 'skipped');
  await expect(second.getByText('Skipped')).toBeVisible();
  await customer.screenshot({ path: `${shots}/03-visit-skipped.png`, fullPage: true });

  // The pro's feed: every other visit that has an order, at its local start; not visit 2.
  const after = await dataOf<Plan>(await api.get(`/v1/plans/${plan?.id}`, { headers: asCustomer }));
  const skipped = after.visits.find((v) => v.visit === 2);
  expect(skipped?.status).toBe('skipped');
  const others = after.visits.filter((v) => v.visit !== 2 && v.orderId);
  expect(others.length, 'visits other than 2 with an order').toBeGreaterThan(0);
  const feed = await dataOf<{ url: string }>(
    await api.get('/v1/vendor/calendar-feed', { headers: asPro }),
  );
  const ics = await (await api.get(new URL(feed.url).pathname)).text();
  expect(ics).toContain('BEGIN:VCALENDAR');
  const zone = /DTSTART;TZID=([^:]+):/.exec(ics)?.[1] ?? 'America/New_York';
  for (const visit of others) {
    expect(ics).toContain(`UID:order-${visit.orderId}@`);
    expect(ics).toContain(`DTSTART;TZID=${zone}:${localIcs(visit.startsAt, zone)}`);
  }
  if (skipped?.orderId) expect(ics).not.toContain(`UID:order-${skipped.orderId}@`);
  expect(ics).not.toContain(`DTSTART;TZID=${zone}:${localIcs(skipped!.startsAt, zone)}`);
  await api.dispose();
  await customer.context().close();
});
