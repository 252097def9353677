import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { waitForMail } from './outbox';
import { bookAheadThroughApi, dataOf } from './support/api-booking';
import { signInPage } from './support/browser-session';
import { setServerClock } from './support/journey';

/**
 * Appointments that keep themselves, in Chromium on the production build with seeded data: a
 * customer books and pays (through the API: the booking screens have journeys of their own); the receipt mail carries the calendar invite; the order page's "Add to
 * calendar" downloads the booking's `.ics` through the session and offers a Google Calendar link;
 * when the server's clock reaches the day before the job, the 24-hour reminder arrives in the
 * customer's notifications. Every wait is on a state (a mail file, a download, a list row).
 */

const shots = 'artifacts/screenshots/calendar';

// Other spec files share this server: put its clock back, even after a failure (a request
// context of its own: the test's may be closed by then).
test.afterAll(async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  await setServerClock(request, new Date());
  await request.dispose();
});

test('a booking reaches the customer’s calendar and reminds them the day before', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const since = Date.now();
  const order = await bookAheadThroughApi(api);

  // The receipt mail carries the invite: one event, this order's UID, a request.
  const receipt = await waitForMail('customer@vetted.test', since, (m) =>
    Boolean(m.attachments?.some((a) => a.filename === 'invite.ics')),
  );
  const invite = receipt.attachments?.find((a) => a.filename === 'invite.ics')?.content ?? '';
  expect(invite).toContain('METHOD:REQUEST');
  expect(invite).toContain(`UID:order-${order.id}@`);

  // "Add to calendar" on the order page: the .ics of this order, and a Google Calendar link.
  const customer = await signInPage(browser, 'customer@vetted.test', /\/user$/);
  await customer.goto(`/user/history/order?id=${order.id}`);
  await customer.getByRole('button', { name: 'Add to calendar' }).click();
  const dialog = customer.getByRole('dialog', { name: 'Add to calendar' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Google Calendar/ })).toHaveAttribute(
    'href',
    /^https:\/\/calendar\.google\.com\/calendar\/render\?action=TEMPLATE&/,
  );
  await customer.screenshot({ path: `${shots}/01-add-to-calendar.png` });
  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Download .ics' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vetted-.+\.ics$/);
  const ics = readFileSync((await download.path()) as string, 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR');
  expect(ics).toContain(`UID:order-${order.id}@`);
  expect(ics).toContain('TZID:America/New_York');
  await expect(dialog).toBeHidden();

  // A minute after "the day before, same time": the server's clock moves there and the jobs due
  // by it run.
  await setServerClock(api, new Date(Date.parse(order.startsAt) - 24 * 3600_000 + 60_000));
  const due = await dataOf<{ due: number }>(await api.post('/v1/test/jobs/due'));
  expect(due.due).toBeGreaterThan(0);
  await api.dispose();

  // The reminder is in the customer's notifications (the list is read again until the worker,
  // on its own poll, has delivered it).
  await customer.goto('/user/notification');
  const reminder = customer.getByText(`Reminder: ${order.title} tomorrow`);
  await expect(async () => {
    await customer.reload();
    await expect(reminder.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await customer.screenshot({ path: `${shots}/02-reminder.png`, fullPage: true });
  await customer.context().close();
});
