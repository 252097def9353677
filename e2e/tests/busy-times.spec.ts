import { expect, test } from '@playwright/test';
import { dataOf } from './support/api-booking';
import { signInPage } from './support/browser-session';

/**
 * Busy times from the pro's other calendars, in Chromium on the production build with seeded
 * data: the demo pro uploads an `.ics` with a weekly event on the availability page; that slot
 * and the same slot a week later stop being bookable; removing the calendar frees them again.
 */

const shots = 'artifacts/screenshots/busy-times';

/** `YYYYMMDDTHHMMSSZ`: an instant as iCalendar's UTC DATE-TIME. */
const icsUtc = (iso: string) => `${iso.replace(/[-:]/g, '').slice(0, 15)}Z`;

test('an uploaded weekly busy event blocks the pro’s slots until the calendar is removed', async ({
  browser,
  playwright,
}) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  const vendors = await dataOf<{ items: Array<{ id: string; businessName: string }> }>(
    await api.get('/v1/vendors', { params: { q: 'Demo Plumbing' } }),
  );
  const vendor = vendors.items.find((v) => v.businessName === 'Demo Plumbing Co.');
  const [service] = await dataOf<Array<{ id: string }>>(
    await api.get(`/v1/vendors/${vendor?.id}/services`),
  );
  const freeSlots = async () => {
    const week = await dataOf<{
      days: Array<{ slots: Array<{ startsAt: string; available: boolean }> }>;
    }>(await api.get(`/v1/services/${service?.id}/slots`, { params: { days: 14 } }));
    return new Set(
      week.days.flatMap((d) => d.slots.filter((s) => s.available).map((s) => s.startsAt)),
    );
  };
  // A free slot three days ahead or more whose twin a week later is free too.
  const before = await freeSlots();
  const target = [...before]
    .sort()
    .find(
      (s) =>
        Date.parse(s) > Date.now() + 3 * 86_400_000 &&
        before.has(new Date(Date.parse(s) + 7 * 86_400_000).toISOString()),
    );
  expect(target, 'a free slot with a free twin a week later').toBeTruthy();
  const start = target as string;
  const nextWeek = new Date(Date.parse(start) + 7 * 86_400_000).toISOString();
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Vetted e2e//Busy times//EN',
    'BEGIN:VEVENT',
    'UID:weekly-gym@e2e.test',
    `DTSTAMP:${icsUtc(new Date().toISOString())}`,
    `DTSTART:${icsUtc(start)}`,
    'DURATION:PT1H',
    'RRULE:FREQ=WEEKLY;COUNT=2',
    'SUMMARY:Gym',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

  const pro = await signInPage(browser, 'vendor@vetted.test', /\/vendor$/);
  await pro.goto('/vendor/availability');
  const section = pro.getByRole('region', { name: 'Busy times from other calendars' });
  await expect(section.getByText('No calendar imported yet.')).toBeVisible();
  await section.getByLabel('Calendar file (.ics)').setInputFiles({
    name: 'gym.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(ics),
  });
  const list = section.getByRole('list', { name: 'Imported calendars' });
  await expect(list.getByText(/Uploaded .+ · 2 busy times/)).toBeVisible();
  await section.screenshot({ path: `${shots}/01-imported.png` });

  // Both occurrences block their slot; the slot between them is untouched.
  await expect.poll(async () => (await freeSlots()).has(start)).toBe(false);
  const blocked = await freeSlots();
  expect(blocked.has(nextWeek)).toBe(false);

  // Removing the calendar frees them again.
  await section.getByRole('button', { name: /^Remove gym/ }).click();
  const confirm = pro.getByRole('alertdialog', { name: 'Remove this calendar?' });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText('No calendar imported yet.')).toBeVisible();
  const after = await freeSlots();
  expect(after.has(start)).toBe(true);
  expect(after.has(nextWeek)).toBe(true);
  await api.dispose();
});
