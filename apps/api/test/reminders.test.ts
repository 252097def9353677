import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { outbox } from '../src/db/schema';
import { reminderReads } from '../src/domains/orders';
import {
  addressArea,
  queueEveningSummaries,
  reminderTimes,
  summaryDayAt,
} from '../src/domains/reminders';
import { whenWords } from '../src/domains/reminders/messages';
import { mailsTo } from './auth-helpers';
import {
  availableSlots,
  bearer,
  createCustomer,
  createVendor,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * Customer reminders (24 h and 2 h before the slot) and the pro's evening summary, through HTTP
 * on a real database with a fake clock: `Date` is faked (`vi.setSystemTime`), which the domain
 * clock, the outbox drain and PGlite all read. Each test starts later than the one before and
 * uses its own pro and customers, so jobs left queued by an earlier test change nothing here.
 *
 * "24 h before" is the same local time the day before in the job's zone (23 or 25 real hours
 * across a DST change); "2 h before" is two real hours (domains/reminders/policy.ts).
 */

let ctx: TestContext;

beforeAll(async () => {
  // The fake clock runs months ahead of the tokens' real issue time.
  ctx = await createTestContext({ accessTokenTtlS: 400 * 24 * 3600 });
});
afterAll(async () => ctx?.close());
afterEach(() => vi.useRealTimers());

/** Moves the faked wall clock (and so the domain clock, the drain and PGlite) to `iso`. */
function clockAt(iso: string | Date) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

const post = (user: TestUser, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(user.token), payload });

/** Books and pays `startsAt` (which must be an offered slot) for `customer`; the order id. */
async function paidAt(customer: TestUser, vendor: TestVendor, startsAt: string, address: string) {
  const slots = await availableSlots(ctx, vendor.serviceId, 14);
  expect(slots.map((s) => s.startsAt)).toContain(startsAt);
  const created = await post(customer, '/v1/orders', {
    serviceId: vendor.serviceId,
    startsAt,
    address,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as string;
  const paid = await pay(ctx, customer, id);
  expect(paid.statusCode, paid.body).toBe(200);
  return id;
}

/** The queued reminder rows of an order: key → due time (ISO). */
async function queuedReminders(orderId: string) {
  const rows = await ctx.app.db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.kind, 'reminder.customer'), like(outbox.idempotencyKey, `order:${orderId}:%`)),
    );
  return Object.fromEntries(rows.map((r) => [r.idempotencyKey, r.dueAt.toISOString()]));
}

/** The reminder notices of `orderId` in the customer's inbox (after delivering what is due). */
async function remindersOf(customer: TestUser, orderId: string) {
  await ctx.drain();
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v1/notifications?pageSize=50',
    headers: bearer(customer.token),
  });
  return (res.json().data.items as { type: string; title: string; body: string; link: string }[])
    .filter((n) => n.type === 'reminder.upcoming' && n.link.includes(orderId))
    .map((n) => n.body);
}

const reminderMails = async (customer: TestUser) =>
  (await mailsTo(ctx, customer.email)).filter((m) => m.subject.startsWith('Reminder:'));

const TOKYO = { timeZone: 'Asia/Tokyo', lat: 35.6762, lng: 139.6503, city: 'Tokyo', country: 'JP' };
const NY_ADDRESS = '12 Main Street, New York';

describe('reminder times (policy)', () => {
  it.each([
    // New York, the day after the 2027-03-14 spring-forward: 24 real hours.
    [
      'America/New_York',
      '2027-03-15T13:00:00Z',
      '2027-03-14T13:00:00.000Z',
      '2027-03-15T11:00:00.000Z',
    ],
    // New York, on the day of the change: 09:00 EST the day before is 23 real hours earlier.
    [
      'America/New_York',
      '2027-03-14T13:00:00Z',
      '2027-03-13T14:00:00.000Z',
      '2027-03-14T11:00:00.000Z',
    ],
    // New York, on the 2027-11-07 fall-back: 25 real hours.
    [
      'America/New_York',
      '2027-11-07T14:00:00Z',
      '2027-11-06T13:00:00.000Z',
      '2027-11-07T12:00:00.000Z',
    ],
    // Tokyo keeps no DST: 09:00 JST is 00:00 UTC.
    ['Asia/Tokyo', '2027-03-15T00:00:00Z', '2027-03-14T00:00:00.000Z', '2027-03-14T22:00:00.000Z'],
  ])('%s slot %s → 24 h at %s, 2 h at %s', (zone, slot, day, twoHours) => {
    const times = reminderTimes(new Date(slot), zone);
    expect(times.map((t) => [t.lead, t.at.toISOString()])).toEqual([
      ['24h', day],
      ['2h', twoHours],
    ]);
  });

  it('words the time in the job’s zone relative to the local day', () => {
    const slot = new Date('2027-03-15T14:00:00Z'); // 10:00 EDT, 23:00 JST
    expect(whenWords(slot, 'America/New_York', new Date('2027-03-14T14:00:00Z'))).toBe(
      'Tomorrow at 10:00 AM EDT',
    );
    expect(whenWords(slot, 'America/New_York', new Date('2027-03-15T12:00:00Z'))).toBe(
      'Today at 10:00 AM EDT',
    );
    expect(whenWords(slot, 'Asia/Tokyo', new Date('2027-03-15T12:00:00Z'))).toBe(
      'Today at 11:00 PM GMT+9',
    );
    // 23:30 EST on 03-13: "tomorrow" is 03-14 by the calendar, not now + 24 h (a 23-hour day).
    expect(
      whenWords(
        new Date('2027-03-14T13:00:00Z'),
        'America/New_York',
        new Date('2027-03-14T04:30:00Z'),
      ),
    ).toBe('Tomorrow at 9:00 AM EDT');
  });

  it('sends the evening summary from 18:00 in the pro’s zone, about the next local day', () => {
    // 17:59 EST on 2027-03-13: not yet.
    expect(summaryDayAt(new Date('2027-03-13T22:59:00Z'), 'America/New_York')).toBeNull();
    // 18:00 EST: tomorrow is the 23-hour 2027-03-14.
    expect(summaryDayAt(new Date('2027-03-13T23:00:00Z'), 'America/New_York')).toEqual({
      date: '2027-03-14',
      from: new Date('2027-03-14T05:00:00Z'),
      to: new Date('2027-03-15T04:00:00Z'),
    });
    // The same instant is 08:00 the next morning in Tokyo: too early.
    expect(summaryDayAt(new Date('2027-03-13T23:00:00Z'), 'Asia/Tokyo')).toBeNull();
    expect(summaryDayAt(new Date('2027-03-14T09:30:00Z'), 'Asia/Tokyo')?.date).toBe('2027-03-15');
  });

  it.each([
    ['12 Main Street, Brooklyn, NY', 'Brooklyn, NY'],
    ['221B Baker Street London', 'Baker Street London'],
  ])('the area of %s is %s', (address, area) => {
    expect(addressArea(address)).toBe(area);
  });
});

describe('customer reminders', () => {
  it('come 24 h and 2 h before the slot in two zones and across the US DST change', async () => {
    clockAt('2027-03-10T12:00:00Z');
    const ny = await createVendor(ctx, {
      serviceTitle: 'Leak repair',
      businessName: 'Ace Plumbing',
    });
    const tokyo = await createVendor(ctx, { ...TOKYO, serviceTitle: 'Haircut' });
    const ann = await createCustomer(ctx, 'Ann Example');
    const kenji = await createCustomer(ctx, 'Kenji Sato');
    // 09:00 EDT on 2027-03-14, the day clocks spring forward in New York.
    const nyOrder = await paidAt(ann, ny, '2027-03-14T13:00:00.000Z', NY_ADDRESS);
    // 09:00 JST on 2027-03-15.
    const tokyoOrder = await paidAt(kenji, tokyo, '2027-03-15T00:00:00.000Z', '1 Jingumae, Tokyo');

    expect(await queuedReminders(nyOrder)).toEqual({
      // 09:00 EST the day before: 23 real hours ahead.
      [`order:${nyOrder}:reminder:24h:2027-03-14T13:00:00.000Z`]: '2027-03-13T14:00:00.000Z',
      [`order:${nyOrder}:reminder:2h:2027-03-14T13:00:00.000Z`]: '2027-03-14T11:00:00.000Z',
    });
    expect(await queuedReminders(tokyoOrder)).toEqual({
      [`order:${tokyoOrder}:reminder:24h:2027-03-15T00:00:00.000Z`]: '2027-03-14T00:00:00.000Z',
      [`order:${tokyoOrder}:reminder:2h:2027-03-15T00:00:00.000Z`]: '2027-03-14T22:00:00.000Z',
    });

    clockAt('2027-03-13T13:59:00Z');
    expect(await remindersOf(ann, nyOrder)).toEqual([]);

    clockAt('2027-03-13T14:01:00Z');
    expect(await remindersOf(ann, nyOrder)).toEqual([
      `Tomorrow at 9:00 AM EDT: Leak repair with Ace Plumbing at ${NY_ADDRESS}.`,
    ]);
    const [mail] = await reminderMails(ann);
    expect(mail?.subject).toBe('Reminder: Leak repair tomorrow at 9:00 AM EDT');
    expect(mail?.text).toContain(`/user/history/order?id=${nyOrder}`);
    expect(await remindersOf(kenji, tokyoOrder)).toEqual([]);

    clockAt('2027-03-14T00:01:00Z');
    expect(await remindersOf(kenji, tokyoOrder)).toEqual([
      expect.stringMatching(/^Tomorrow at 9:00 AM GMT\+9: Haircut with /),
    ]);

    clockAt('2027-03-14T11:01:00Z');
    const ny2 = await remindersOf(ann, nyOrder);
    expect(ny2).toHaveLength(2);
    expect(ny2[0]).toMatch(/^Today at 9:00 AM EDT: Leak repair/);

    clockAt('2027-03-14T22:01:00Z');
    expect(await remindersOf(kenji, tokyoOrder)).toEqual([
      expect.stringMatching(/^Today at 9:00 AM GMT\+9: Haircut/),
      expect.stringMatching(/^Tomorrow at 9:00 AM GMT\+9: Haircut/),
    ]);
    // Delivered again (a second drain), nothing is sent twice.
    expect(await remindersOf(ann, nyOrder)).toHaveLength(2);
    expect(await reminderMails(ann)).toHaveLength(2);
    expect(await reminderMails(kenji)).toHaveLength(2);
  });

  it('queues only the 2 h reminder for a booking made 3 h ahead', async () => {
    clockAt('2027-03-16T12:00:00Z'); // 08:00 EDT
    const vendor = await createVendor(ctx);
    const bea = await createCustomer(ctx, 'Bea Soon');
    const order = await paidAt(bea, vendor, '2027-03-16T15:00:00.000Z', NY_ADDRESS); // 11:00
    expect(await queuedReminders(order)).toEqual({
      [`order:${order}:reminder:2h:2027-03-16T15:00:00.000Z`]: '2027-03-16T13:00:00.000Z',
    });
    clockAt('2027-03-16T13:00:30Z');
    expect(await remindersOf(bea, order)).toEqual([
      expect.stringMatching(/^Today at 11:00 AM EDT: /),
    ]);
  });

  it('drops a 24 h reminder delivered so late that the 2 h one is due: one reminder, not two', async () => {
    clockAt('2027-03-16T14:00:00Z');
    const vendor = await createVendor(ctx);
    const bo = await createCustomer(ctx, 'Bo Late');
    const order = await paidAt(bo, vendor, '2027-03-18T14:00:00.000Z', NY_ADDRESS);
    // Nothing delivered until 1 h before the job (workers down since before the 24 h mark).
    clockAt('2027-03-18T13:00:00Z');
    expect(await remindersOf(bo, order)).toEqual([
      expect.stringMatching(/^Today at 10:00 AM EDT: /),
    ]);
    expect(await reminderMails(bo)).toHaveLength(1);
  });

  it('after a reschedule, the old slot’s reminders send nothing and the new slot’s do', async () => {
    clockAt('2027-03-17T12:00:00Z');
    const vendor = await createVendor(ctx);
    const cal = await createCustomer(ctx, 'Cal Mover');
    const first = '2027-03-20T14:00:00.000Z'; // 10:00 EDT
    const moved = '2027-03-22T18:00:00.000Z'; // 14:00 EDT
    const order = await paidAt(cal, vendor, first, NY_ADDRESS);
    const res = await post(cal, `/v1/orders/${order}/reschedule`, { startsAt: moved });
    expect(res.statusCode, res.body).toBe(200);
    expect(Object.keys(await queuedReminders(order)).sort()).toEqual([
      `order:${order}:reminder:24h:${first}`,
      `order:${order}:reminder:24h:${moved}`,
      `order:${order}:reminder:2h:${first}`,
      `order:${order}:reminder:2h:${moved}`,
    ]);

    // Past both of the old slot's reminder times: nothing.
    clockAt('2027-03-20T13:00:00Z');
    expect(await remindersOf(cal, order)).toEqual([]);
    expect(await reminderMails(cal)).toEqual([]);
    const old = await ctx.app.db
      .select()
      .from(outbox)
      .where(like(outbox.idempotencyKey, `order:${order}:reminder:%:${first}`));
    expect(old.map((r) => r.deliveredAt !== null)).toEqual([true, true]);

    clockAt('2027-03-21T18:00:30Z');
    expect(await remindersOf(cal, order)).toEqual([
      expect.stringMatching(/^Tomorrow at 2:00 PM EDT: /),
    ]);
    clockAt('2027-03-22T16:00:30Z');
    expect(await remindersOf(cal, order)).toHaveLength(2);
    expect(await reminderMails(cal)).toHaveLength(2);
  });

  it('when the pro declines the new time, the agreed slot’s reminders send again', async () => {
    clockAt('2027-03-17T13:00:00Z');
    const vendor = await createVendor(ctx);
    const cy = await createCustomer(ctx, 'Cy Back');
    const agreed = '2027-03-20T16:00:00.000Z'; // 12:00 EDT
    const asked = '2027-03-21T16:00:00.000Z';
    const order = await paidAt(cy, vendor, agreed, NY_ADDRESS);
    expect((await post(cy, `/v1/orders/${order}/reschedule`, { startsAt: asked })).statusCode).toBe(
      200,
    );
    const declined = await post(vendor, `/v1/orders/${order}/reschedule/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    // Back at the agreed slot: the reminders queued for it at booking are still the ones due.
    expect(Object.keys(await queuedReminders(order))).toHaveLength(4);
    clockAt('2027-03-19T16:00:30Z');
    expect(await remindersOf(cy, order)).toEqual([
      expect.stringMatching(/^Tomorrow at 12:00 PM EDT: /),
    ]);
    clockAt('2027-03-20T14:00:30Z');
    expect(await remindersOf(cy, order)).toEqual([
      expect.stringMatching(/^Today at 12:00 PM EDT: /),
      expect.stringMatching(/^Tomorrow at 12:00 PM EDT: /),
    ]);
    // The declined time's reminders find the booking elsewhere.
    clockAt('2027-03-21T14:00:30Z');
    expect(await remindersOf(cy, order)).toHaveLength(2);
  });

  it('sends nothing for a cancelled booking', async () => {
    clockAt('2027-03-23T12:00:00Z');
    const vendor = await createVendor(ctx);
    const dee = await createCustomer(ctx, 'Dee Cancel');
    const order = await paidAt(dee, vendor, '2027-03-26T14:00:00.000Z', NY_ADDRESS);
    expect(Object.keys(await queuedReminders(order))).toHaveLength(2);
    const res = await post(dee, `/v1/orders/${order}/transitions`, { action: 'cancel' });
    expect(res.statusCode, res.body).toBe(200);
    clockAt('2027-03-26T13:30:00Z');
    expect(await remindersOf(dee, order)).toEqual([]);
    expect(await reminderMails(dee)).toEqual([]);
  });

  it('honours the reminders switches: no mail when mail is off, no notice when in-app is off', async () => {
    clockAt('2027-03-27T12:00:00Z');
    const vendor = await createVendor(ctx);
    const quietMail = await createCustomer(ctx, 'Eve NoMail');
    const quietApp = await createCustomer(ctx, 'Finn NoApp');
    for (const [who, inApp, email] of [
      [quietMail, true, false],
      [quietApp, false, true],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/v1/me/notification-preferences',
        headers: bearer(who.token),
        payload: { kinds: [{ kind: 'reminders', inApp, email }] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const a = await paidAt(quietMail, vendor, '2027-03-29T14:00:00.000Z', NY_ADDRESS);
    const b = await paidAt(quietApp, vendor, '2027-03-29T15:00:00.000Z', NY_ADDRESS);
    clockAt('2027-03-28T15:00:30Z'); // both 24 h reminders
    await ctx.drain();
    clockAt('2027-03-29T13:30:00Z'); // both 2 h reminders
    expect(await remindersOf(quietMail, a)).toHaveLength(2);
    expect(await reminderMails(quietMail)).toEqual([]);
    expect(await remindersOf(quietApp, b)).toEqual([]);
    expect(await reminderMails(quietApp)).toHaveLength(2);
    // Booking notices are another switch: still on.
    expect(await mailsTo(ctx, quietMail.email)).not.toEqual([]);
  });
});

describe('the pro’s evening summary', () => {
  const deps = () => ({
    db: ctx.app.db,
    clock: ctx.app.clock,
    publicUrl: ctx.config.publicUrl,
    orders: reminderReads,
  });

  const summaries = async (vendor: TestVendor) => {
    await ctx.drain();
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/notifications?pageSize=50',
      headers: bearer(vendor.token),
    });
    return (res.json().data.items as { type: string; title: string; body: string }[]).filter(
      (n) => n.type === 'reminder.summary',
    );
  };

  it('lists tomorrow’s jobs in the pro’s zone, once, from 18:00 there', async () => {
    clockAt('2027-04-01T12:00:00Z');
    const ny = await createVendor(ctx, { serviceTitle: 'Leak repair' });
    const tokyo = await createVendor(ctx, { ...TOKYO, serviceTitle: 'Haircut' });
    const gus = await createCustomer(ctx, 'Gus Early');
    const hal = await createCustomer(ctx, 'Hal Later');
    const ivy = await createCustomer(ctx, 'Ivy Gone');
    const jo = await createCustomer(ctx, 'Jo After');
    const kei = await createCustomer(ctx, 'Kei Tanaka');
    // Tomorrow (2027-04-02) in New York: 09:00 and 15:00 EDT, and a cancelled 11:00.
    await paidAt(hal, ny, '2027-04-02T19:00:00.000Z', '5 Court St, Brooklyn, NY');
    await paidAt(gus, ny, '2027-04-02T13:00:00.000Z', '12 Main Street, New York');
    const gone = await paidAt(ivy, ny, '2027-04-02T15:00:00.000Z', NY_ADDRESS);
    expect(
      (await post(ivy, `/v1/orders/${gone}/transitions`, { action: 'cancel' })).statusCode,
    ).toBe(200);
    // The day after tomorrow: not in this summary.
    await paidAt(jo, ny, '2027-04-03T13:00:00.000Z', NY_ADDRESS);
    // Tokyo: 10:00 JST on 2027-04-03, "tomorrow" there from 18:00 JST on 04-02.
    await paidAt(kei, tokyo, '2027-04-03T01:00:00.000Z', '1 Jingumae, Shibuya, Tokyo');

    clockAt('2027-04-01T21:50:00Z'); // 17:50 EDT
    await queueEveningSummaries(deps());
    expect(await summaries(ny)).toEqual([]);

    clockAt('2027-04-01T22:05:00Z'); // 18:05 EDT; 07:05 JST on 04-02
    await queueEveningSummaries(deps());
    const [summary, ...more] = await summaries(ny);
    expect(more).toEqual([]);
    expect(summary!.title).toBe('Tomorrow, Fri, Apr 2: 2 jobs');
    expect(summary!.body).toBe(
      [
        '9:00 AM EDT · Leak repair · Gus · New York',
        '3:00 PM EDT · Leak repair · Hal · Brooklyn, NY',
      ].join('\n'),
    );
    expect(await summaries(tokyo)).toEqual([]);

    // Later passes that evening send nothing more.
    clockAt('2027-04-01T22:20:00Z');
    await queueEveningSummaries(deps());
    clockAt('2027-04-02T03:50:00Z'); // 23:50 EDT
    await queueEveningSummaries(deps());
    expect(await summaries(ny)).toHaveLength(1);
    const mails = (await mailsTo(ctx, ny.email)).filter((m) => m.subject.startsWith('Tomorrow,'));
    expect(mails.map((m) => m.subject)).toEqual(['Tomorrow, Fri, Apr 2: 2 jobs']);
    expect(mails[0]!.text).toContain('3:00 PM EDT · Leak repair · Hal · Brooklyn, NY');
    expect(mails[0]!.text).not.toContain('· Ivy');
    expect(mails[0]!.text).not.toContain('· Jo');

    // 18:05 JST on 04-02: the Tokyo pro's summary of 04-03.
    clockAt('2027-04-02T09:05:00Z');
    await queueEveningSummaries(deps());
    const [jp] = await summaries(tokyo);
    expect(jp).toMatchObject({
      title: 'Tomorrow, Sat, Apr 3: 1 job',
      body: '10:00 AM GMT+9 · Haircut · Kei · Shibuya, Tokyo',
    });
  });

  it('is not sent to a pro with no job tomorrow', async () => {
    clockAt('2027-04-05T12:00:00Z');
    const idle = await createVendor(ctx);
    const lu = await createCustomer(ctx, 'Lu Later');
    await paidAt(lu, idle, '2027-04-07T13:00:00.000Z', NY_ADDRESS);
    clockAt('2027-04-05T22:30:00Z'); // 18:30 EDT, the job is the day after tomorrow
    await queueEveningSummaries(deps());
    expect(await summaries(idle)).toEqual([]);
  });
});
