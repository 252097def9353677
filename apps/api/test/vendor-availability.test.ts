/**
 * The pro's opening hours and booking rules: `GET/PUT /v1/vendor/availability`, and
 * the slots (`GET /v1/services/{id}/slots`) and bookings (`POST /v1/orders`) that follow them at
 * once — weekly ranges, dated exceptions, minimum notice, buffer, horizon and daylight saving
 * time. Dates are fixed with the test clock (`setClock`).
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { availabilityRules } from '../src/db/schema';
import { resetClock, setClock } from './auth-helpers';
import {
  bearer,
  book,
  createAdmin,
  createCustomer,
  createVendor,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let customer: TestUser;
let admin: TestUser;
beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx);
  admin = await createAdmin(ctx);
});
afterEach(() => resetClock(ctx));
afterAll(async () => ctx?.close());

interface AvailabilityBody {
  timeZone: string;
  weekly: { weekday: number; start: string; end: string }[];
  exceptions: (
    | { date: string; closed: true }
    | { date: string; ranges: { start: string; end: string }[] }
  )[];
  minNoticeMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
}

/** Every day of the week open `start`–`end`. */
const everyDay = (start: string, end: string) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start, end }));

/** A valid availability: New York, every day 09:00–17:00, default rules; `over` replaces parts. */
const availability = (over: Partial<AvailabilityBody> = {}): AvailabilityBody => ({
  timeZone: 'America/New_York',
  weekly: everyDay('09:00', '17:00'),
  exceptions: [],
  minNoticeMinutes: 60,
  bufferMinutes: 0,
  horizonDays: 366,
  ...over,
});

const put = (token: string, payload: unknown, app = ctx) =>
  app.app.inject({
    method: 'PUT',
    url: '/v1/vendor/availability',
    headers: bearer(token),
    payload: payload as object,
  });

async function setAvailability(vendor: TestVendor, body: AvailabilityBody, app = ctx) {
  const res = await put(vendor.token, body, app);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as AvailabilityBody;
}

interface Day {
  date: string;
  slots: { startsAt: string; endsAt: string; available: boolean }[];
}

async function slotDays(serviceId: string, from: string, days: number, app = ctx) {
  const res = await app.app.inject({
    method: 'GET',
    url: `/v1/services/${serviceId}/slots?from=${from}&days=${days}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.days as Day[];
}

/** Start times (UTC, `HH:MM`) of a day's slots, with `*` after the unavailable ones. */
const starts = (day: Day | undefined) =>
  (day?.slots ?? []).map((s) => s.startsAt.slice(11, 16) + (s.available ? '' : '*'));

/** Books `startsAt` as a fresh customer (at most three unpaid bookings each). */
async function bookAs(vendor: TestVendor, startsAt: string) {
  return book(ctx, await createCustomer(ctx), vendor.serviceId, startsAt);
}

describe('GET/PUT /v1/vendor/availability', () => {
  it('answers the fixture’s hours and default rules', async () => {
    const vendor = await createVendor(ctx);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/availability',
      headers: bearer(vendor.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      timeZone: 'America/New_York',
      weekly: everyDay('08:00', '20:00'),
      exceptions: [],
      minNoticeMinutes: 60,
      bufferMinutes: 0,
      horizonDays: 366,
    });
  });

  it('replaces everything at once, with several ranges a day and a canonical zone', async () => {
    const vendor = await createVendor(ctx);
    const saved = await setAvailability(vendor, {
      timeZone: 'europe/london',
      weekly: [
        { weekday: 1, start: '13:00', end: '17:30' },
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 5, start: '18:00', end: '24:00' },
      ],
      exceptions: [
        { date: '2027-12-25', closed: true },
        { date: '2027-12-24', ranges: [{ start: '09:00', end: '12:00' }] },
      ],
      minNoticeMinutes: 120,
      bufferMinutes: 15,
      horizonDays: 60,
    });
    const expected = {
      timeZone: 'Europe/London',
      weekly: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '17:30' },
        { weekday: 5, start: '18:00', end: '24:00' },
      ],
      exceptions: [
        { date: '2027-12-24', ranges: [{ start: '09:00', end: '12:00' }] },
        { date: '2027-12-25', closed: true },
      ],
      minNoticeMinutes: 120,
      bufferMinutes: 15,
      horizonDays: 60,
    };
    expect(saved).toEqual(expected);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/availability',
      headers: bearer(vendor.token),
    });
    expect(read.json().data).toEqual(expected);
    // The public profile shows the new zone.
    const profile = await ctx.app.inject({ method: 'GET', url: `/v1/vendors/${vendor.vendorId}` });
    expect(profile.json().data.timeZone).toBe('Europe/London');
    const rules = await ctx.app.db
      .select()
      .from(availabilityRules)
      .where(eq(availabilityRules.vendorId, vendor.vendorId));
    expect(rules).toHaveLength(3);
  });

  it('refuses a zone that is not IANA, overlapping ranges (naming the day) and a date given twice', async () => {
    const vendor = await createVendor(ctx);
    const cases: [AvailabilityBody, string][] = [
      [availability({ timeZone: 'Mars/Olympus' }), '"Mars/Olympus" is not a time zone'],
      [availability({ timeZone: '+02:00' }), 'is not a time zone'],
      [
        availability({
          weekly: [
            { weekday: 1, start: '09:00', end: '12:00' },
            { weekday: 1, start: '11:30', end: '14:00' },
          ],
        }),
        'Monday: 09:00–12:00 overlaps 11:30–14:00',
      ],
      [
        availability({
          exceptions: [
            { date: '2027-05-01', closed: true },
            { date: '2027-05-01', ranges: [{ start: '09:00', end: '10:00' }] },
          ],
        }),
        '2027-05-01 is listed twice',
      ],
      [
        availability({
          exceptions: [
            {
              date: '2027-05-02',
              ranges: [
                { start: '09:00', end: '11:00' },
                { start: '10:00', end: '12:00' },
              ],
            },
          ],
        }),
        '2027-05-02: 09:00–11:00 overlaps 10:00–12:00',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await put(vendor.token, body);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.code).toBe('invalid_availability');
      expect(res.json().error.message).toContain(message);
    }
    // Touching ranges are fine; the contract refuses a range ending before it starts.
    await setAvailability(
      vendor,
      availability({
        weekly: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '12:00', end: '14:00' },
        ],
      }),
    );
    const backwards = await put(
      vendor.token,
      availability({ weekly: [{ weekday: 2, start: '17:00', end: '09:00' }] }),
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.code).toBe('validation_error');
    // Nothing of a refused body was kept.
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/v1/vendor/availability',
      headers: bearer(vendor.token),
    });
    expect(read.json().data.weekly).toEqual([
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 1, start: '12:00', end: '14:00' },
    ]);
  });

  it('answers 403 to customers and admins', async () => {
    for (const who of [customer, admin]) {
      const get = await ctx.app.inject({
        method: 'GET',
        url: '/v1/vendor/availability',
        headers: bearer(who.token),
      });
      expect(get.statusCode).toBe(403);
      const res = await put(who.token, availability());
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('vendor_only');
    }
  });
});

describe('slots and bookings follow the availability', () => {
  it('lays several ranges a day; a closed exception has no slots; exception ranges replace the day', async () => {
    // Monday 1 March 2027, 07:00 in New York (EST, UTC−5).
    setClock(ctx, new Date('2027-03-01T12:00:00Z'));
    const vendor = await createVendor(ctx);
    const saved = await setAvailability(
      vendor,
      availability({
        weekly: [
          { weekday: 1, start: '09:00', end: '12:00' },
          { weekday: 1, start: '13:00', end: '17:00' },
          { weekday: 2, start: '09:00', end: '17:00' },
        ],
        exceptions: [
          { date: '2027-03-02', closed: true },
          {
            date: '2027-03-09',
            ranges: [
              { start: '15:00', end: '16:00' },
              { start: '10:00', end: '12:00' },
            ],
          },
        ],
      }),
    );
    // Ranges are kept in order of their start.
    expect(saved.exceptions[1]).toEqual({
      date: '2027-03-09',
      ranges: [
        { start: '10:00', end: '12:00' },
        { start: '15:00', end: '16:00' },
      ],
    });
    const [closed, wednesday] = await slotDays(vendor.serviceId, '2027-03-02', 2);
    expect(closed).toEqual({ date: '2027-03-02', slots: [] });
    expect(wednesday!.slots).toEqual([]);
    const [monday, tuesday] = await slotDays(vendor.serviceId, '2027-03-08', 2);
    // 09–12 and 13–17 local: no 12:00 slot (17:00Z).
    expect(starts(monday)).toEqual(['14:00', '15:00', '16:00', '18:00', '19:00', '20:00', '21:00']);
    expect(starts(tuesday)).toEqual(['15:00', '16:00', '20:00']);
    expect(tuesday!.slots[0]!.endsAt).toBe('2027-03-09T16:00:00.000Z');

    // Booking applies the same rules.
    const onClosedDay = await bookAs(vendor, '2027-03-02T14:00:00.000Z');
    expect(onClosedDay.statusCode).toBe(400);
    expect(onClosedDay.json().error.code).toBe('invalid_slot');
    const outsideException = await bookAs(vendor, '2027-03-09T14:00:00.000Z');
    expect(outsideException.statusCode).toBe(400);
    const inLunchBreak = await bookAs(vendor, '2027-03-08T17:00:00.000Z');
    expect(inLunchBreak.statusCode).toBe(400);
    const inException = await bookAs(vendor, '2027-03-09T15:00:00.000Z');
    expect(inException.statusCode, inException.body).toBe(201);
    expect(inException.json().data.startsAt).toBe('2027-03-09T15:00:00.000Z');
  });

  it('keeps the minimum notice: nothing sooner is offered or bookable', async () => {
    setClock(ctx, new Date('2027-03-01T12:00:00Z'));
    const vendor = await createVendor(ctx);
    // With the default hour's notice, 09:00 local today (14:00Z) is open.
    await setAvailability(vendor, availability());
    expect(starts((await slotDays(vendor.serviceId, '2027-03-01', 1))[0])[0]).toBe('14:00');

    await setAvailability(vendor, availability({ minNoticeMinutes: 24 * 60 + 30 }));
    const [today, tomorrow] = await slotDays(vendor.serviceId, '2027-03-01', 2);
    expect(today!.slots.every((s) => !s.available)).toBe(true);
    // Tomorrow from 12:30Z: 09:00 local (14:00Z) on is open.
    expect(starts(tomorrow)).toEqual([
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
    ]);
    const soon = await bookAs(vendor, '2027-03-01T21:00:00.000Z');
    expect(soon.statusCode).toBe(400);
    expect(soon.json().error.message).toContain('too soon');
    expect((await bookAs(vendor, '2027-03-02T14:00:00.000Z')).statusCode).toBe(201);
  });

  it('keeps the buffer free after each booking, on both sides of a new one', async () => {
    setClock(ctx, new Date('2027-03-01T12:00:00Z'));
    const vendor = await createVendor(ctx);
    await setAvailability(vendor, availability());
    // 11:00–12:00 local on 3 March (16:00Z), held unpaid.
    expect((await bookAs(vendor, '2027-03-03T16:00:00.000Z')).statusCode).toBe(201);
    expect(starts((await slotDays(vendor.serviceId, '2027-03-03', 1))[0])).toEqual([
      '14:00',
      '15:00',
      '16:00*',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
    ]);

    await setAvailability(vendor, availability({ bufferMinutes: 30 }));
    // 10:00 would end 30 minutes before it (no buffer after it); 12:00 starts inside its buffer.
    expect(starts((await slotDays(vendor.serviceId, '2027-03-03', 1))[0])).toEqual([
      '14:00',
      '15:00*',
      '16:00*',
      '17:00*',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
    ]);
    const inBuffer = await bookAs(vendor, '2027-03-03T17:00:00.000Z');
    expect(inBuffer.statusCode).toBe(409);
    expect(inBuffer.json().error.code).toBe('slot_taken');
    expect((await bookAs(vendor, '2027-03-03T15:00:00.000Z')).statusCode).toBe(409);
    expect((await bookAs(vendor, '2027-03-03T18:00:00.000Z')).statusCode).toBe(201);
  });

  it('offers no slot beyond the horizon', async () => {
    setClock(ctx, new Date('2027-03-01T12:00:00Z'));
    const vendor = await createVendor(ctx);
    await setAvailability(vendor, availability({ horizonDays: 2 }));
    const days = await slotDays(vendor.serviceId, '2027-03-01', 5);
    expect(days.map((d) => [d.date, d.slots.length])).toEqual([
      ['2027-03-01', 8],
      ['2027-03-02', 8],
      ['2027-03-03', 8],
      ['2027-03-04', 0],
      ['2027-03-05', 0],
    ]);
    const far = await bookAs(vendor, '2027-03-04T14:00:00.000Z');
    expect(far.statusCode).toBe(400);
    expect(far.json().error).toMatchObject({ code: 'invalid_slot' });
    expect(far.json().error.message).toContain('2 days ahead');
    expect((await bookAs(vendor, '2027-03-03T21:00:00.000Z')).statusCode).toBe(201);
  });

  it('keeps 09:00–17:00 local across spring forward (2027-03-14, New York)', async () => {
    setClock(ctx, new Date('2027-03-10T12:00:00Z'));
    const vendor = await createVendor(ctx);
    await setAvailability(vendor, availability());
    const [saturday, sunday] = await slotDays(vendor.serviceId, '2027-03-13', 2);
    // EST (UTC−5) the day before, EDT (UTC−4) from the change.
    expect(starts(saturday)).toEqual([
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
    ]);
    expect(starts(sunday)).toEqual([
      '13:00',
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
    ]);
    expect(sunday!.slots.at(-1)!.endsAt).toBe('2027-03-14T21:00:00.000Z');
    const booked = await bookAs(vendor, '2027-03-14T13:00:00.000Z');
    expect(booked.statusCode, booked.body).toBe(201);
    // 14:00Z is 10:00 EDT that day: a slot; 09:00 EST would have been 14:00Z the day before.
    expect((await bookAs(vendor, '2027-03-14T12:30:00.000Z')).statusCode).toBe(400);
  });

  it('keeps 09:00–17:00 local across fall back (2027-11-07, New York)', async () => {
    setClock(ctx, new Date('2027-11-03T12:00:00Z'));
    const vendor = await createVendor(ctx);
    await setAvailability(vendor, availability());
    const [saturday, sunday] = await slotDays(vendor.serviceId, '2027-11-06', 2);
    expect(starts(saturday)[0]).toBe('13:00');
    expect(saturday!.slots.at(-1)!.endsAt).toBe('2027-11-06T21:00:00.000Z');
    expect(starts(sunday)).toEqual([
      '14:00',
      '15:00',
      '16:00',
      '17:00',
      '18:00',
      '19:00',
      '20:00',
      '21:00',
    ]);
    expect(sunday!.slots.at(-1)!.endsAt).toBe('2027-11-07T22:00:00.000Z');
    expect((await bookAs(vendor, '2027-11-07T14:00:00.000Z')).statusCode).toBe(201);
    expect((await bookAs(vendor, '2027-11-07T13:00:00.000Z')).statusCode).toBe(400);
  });

  it('follows a change at once, with the catalogue cache on', async () => {
    const cached = await createTestContext({ catalogueCacheTtlMs: 60_000 });
    try {
      setClock(cached, new Date('2027-03-01T12:00:00Z'));
      const vendor = await createVendor(cached);
      expect((await slotDays(vendor.serviceId, '2027-03-04', 1, cached))[0]!.slots).toHaveLength(
        12,
      );
      await setAvailability(
        vendor,
        availability({ exceptions: [{ date: '2027-03-04', closed: true }] }),
        cached,
      );
      expect((await slotDays(vendor.serviceId, '2027-03-04', 1, cached))[0]!.slots).toEqual([]);
      expect((await slotDays(vendor.serviceId, '2027-03-05', 1, cached))[0]!.slots).toHaveLength(8);
    } finally {
      await cached.close();
    }
  });
});
