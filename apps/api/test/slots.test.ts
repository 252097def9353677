import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { addDays, daySlots, localDateOf, slotStepMinutes } from '../src/domains/scheduling';
import {
  availableSlots,
  book,
  createCustomer,
  createVendor,
  pay,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let vendor: TestVendor;
/** Statements the app sends to the database while a test records them (null: not recording). */
let statements: string[] | null = null;

beforeAll(async () => {
  ctx = await createTestContext({}, { dbLogger: { logQuery: (query) => statements?.push(query) } });
  vendor = await createVendor(ctx);
});
afterAll(async () => ctx?.close());

/** The next `month`/15 (1-based month) at least two days away, as YYYY-MM-DD. */
function nextDate(month: number): string {
  const now = new Date();
  let year = now.getUTCFullYear();
  if (Date.UTC(year, month - 1, 15) < now.getTime() + 2 * 86_400_000) year++;
  return `${year}-${String(month).padStart(2, '0')}-15`;
}

async function slots(serviceId: string, query: string) {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/services/${serviceId}/slots?${query}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    timeZone: string;
    days: { date: string; slots: { startsAt: string; endsAt: string; available: boolean }[] }[];
  };
}

describe('GET /v1/services/:id/slots', () => {
  it('lays hourly slots over the vendor’s hours in its time zone (winter: 09:00 New York = 14:00Z)', async () => {
    const date = nextDate(1);
    const data = await slots(vendor.serviceId, `from=${date}&days=1`);
    expect(data.timeZone).toBe('America/New_York');
    expect(data.days).toHaveLength(1);
    const day = data.days[0]!;
    expect(day.date).toBe(date);
    // 08:00–20:00 with a 60-minute service: 12 slots, first 08:00 EST = 13:00Z.
    expect(day.slots).toHaveLength(12);
    expect(day.slots[0]!.startsAt).toBe(`${date}T13:00:00.000Z`);
    expect(day.slots.some((s) => s.startsAt === `${date}T14:00:00.000Z`)).toBe(true);
    expect(day.slots[0]!.endsAt).toBe(`${date}T14:00:00.000Z`);
    expect(day.slots.every((s) => s.available)).toBe(true);
  });

  it('follows daylight saving time (summer: 09:00 New York = 13:00Z)', async () => {
    const date = nextDate(7);
    const data = await slots(vendor.serviceId, `from=${date}&days=1`);
    expect(data.days[0]!.slots[1]!.startsAt).toBe(`${date}T13:00:00.000Z`);
  });

  it('returns `days` days from today in the vendor’s zone by default', async () => {
    const data = await slots(vendor.serviceId, 'days=3');
    const today = localDateOf(new Date(), 'America/New_York');
    expect(data.days.map((d) => d.date)).toEqual([today, addDays(today, 1), addDays(today, 2)]);
  });

  it('marks past slots and those within the 1-hour lead time unavailable', async () => {
    const today = localDateOf(new Date(), 'America/New_York');
    const data = await slots(vendor.serviceId, `from=${addDays(today, -1)}&days=2`);
    expect(data.days[0]!.slots.every((s) => !s.available)).toBe(true);
    const soon = Date.now() + 60 * 60 * 1000;
    for (const s of data.days[1]!.slots) {
      if (Date.parse(s.startsAt) < soon) expect(s.available).toBe(false);
    }
  });

  it('shows a slot taken once paid, and while an unpaid hold is active — not after it expires', async () => {
    const customer = await createCustomer(ctx);
    const [first, second] = await availableSlots(ctx, vendor.serviceId);
    const isFree = async (startsAt: string) =>
      (await availableSlots(ctx, vendor.serviceId)).some((s) => s.startsAt === startsAt);

    const held = await book(ctx, customer, vendor.serviceId, first!.startsAt);
    expect(held.statusCode).toBe(201);
    expect(await isFree(first!.startsAt)).toBe(false);
    await ctx.app.db
      .update(orders)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, held.json().data.id));
    expect(await isFree(first!.startsAt)).toBe(true);

    const booked = await book(ctx, customer, vendor.serviceId, second!.startsAt);
    expect(booked.statusCode).toBe(201);
    expect((await pay(ctx, customer, booked.json().data.id)).statusCode).toBe(200);
    expect(await isFree(second!.startsAt)).toBe(false);
  });

  it('reads the service, its hours and the orders of the whole horizon in one query', async () => {
    statements = [];
    try {
      const data = await slots(vendor.serviceId, 'days=14');
      expect(data.days).toHaveLength(14);
      expect(statements).toHaveLength(1);
    } finally {
      statements = null;
    }
  });

  it('with the catalogue cache on, one query a read — two once a booking made it stale — and a booking shows at once', async () => {
    let seen: string[] | null = null;
    const cached = await createTestContext(
      { catalogueCacheTtlMs: 60_000 },
      { dbLogger: { logQuery: (query) => seen?.push(query) } },
    );
    try {
      const other = await createVendor(cached);
      const read = async () => {
        seen = [];
        const free = await availableSlots(cached, other.serviceId, 7);
        const count = seen.length;
        seen = null;
        return { free, count };
      };
      expect((await read()).count).toBe(1);
      const warm = await read();
      expect(warm.count).toBe(1);
      const customer = await createCustomer(cached);
      const held = await book(cached, customer, other.serviceId, warm.free[0]!.startsAt);
      expect(held.statusCode).toBe(201);
      const after = await read();
      // The cached answer's version read, then the answer computed afresh (slots-cache.test.ts).
      expect(after.count).toBe(2);
      expect(after.free.some((s) => s.startsAt === warm.free[0]!.startsAt)).toBe(false);
    } finally {
      await cached.close();
    }
  });

  it('blocks a booked slot at the far end of a 14-day horizon', async () => {
    const customer = await createCustomer(ctx);
    const last = (await availableSlots(ctx, vendor.serviceId, 14)).at(-1)!;
    const booked = await book(ctx, customer, vendor.serviceId, last.startsAt);
    expect(booked.statusCode).toBe(201);
    expect((await pay(ctx, customer, booked.json().data.id)).statusCode).toBe(200);
    const free = await availableSlots(ctx, vendor.serviceId, 14);
    expect(free.some((s) => s.startsAt === last.startsAt)).toBe(false);
    expect(free.at(-1)!.startsAt < last.startsAt).toBe(true);
  });

  it('404s unknown services', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/services/00000000-0000-4000-8000-000000000000/slots',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('slot grid', () => {
  it('steps by the duration rounded up to half hours', () => {
    expect(slotStepMinutes(30)).toBe(30);
    expect(slotStepMinutes(45)).toBe(60);
    expect(slotStepMinutes(90)).toBe(90);
    const grid = daySlots(
      '2027-01-12',
      [{ weekday: 2, startMinute: 540, endMinute: 720 }],
      90,
      'UTC',
    );
    expect(grid.map((s) => s.startsAt.toISOString())).toEqual([
      '2027-01-12T09:00:00.000Z',
      '2027-01-12T10:30:00.000Z',
    ]);
  });

  it('handles the spring-forward gap and other zones', () => {
    // 2027-03-14: New York skips 02:00–03:00; a 02:30 wall time lands at 03:30 EDT (07:30Z),
    // which the 03:30 slot also is: it is listed once.
    const gap = daySlots(
      '2027-03-14',
      [{ weekday: 0, startMinute: 150, endMinute: 240 }],
      30,
      'America/New_York',
    );
    expect(gap.map((s) => s.startsAt.toISOString())).toEqual([
      '2027-03-14T07:00:00.000Z',
      '2027-03-14T07:30:00.000Z',
    ]);
    const sydney = daySlots(
      '2027-01-12',
      [{ weekday: 2, startMinute: 540, endMinute: 600 }],
      60,
      'Australia/Sydney',
    );
    expect(sydney[0]!.startsAt.toISOString()).toBe('2027-01-11T22:00:00.000Z');
  });
});
