/**
 * The slot picker's cache (scheduling slots-cache.ts): a second read is served without
 * recomputing (the `slots_answers_total` counter on `/metrics` and the statements sent say so);
 * a booking, an exception or new hours saved through ANOTHER instance on the same database drop
 * the cached answer at once (the triggers of migration 0019 bump the vendor's calendar version);
 * and time alone — the minimum notice, a lapsing hold, the vendor's midnight — never leaves a
 * cached answer wrong. Two apps share one database: one PGlite handle, or two connection pools
 * on the PostgreSQL of `DATABASE_URL`.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { addDays, localDateOf } from '../src/domains/scheduling';
import { resetClock, setClock } from './auth-helpers';
import {
  bearer,
  book,
  createCustomer,
  createVendor,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

const METRICS_TOKEN = 'slots-cache-metrics-token';

let ctx: TestContext;
/** The second instance: its own app (routes, services, caches) on the same database. */
let other: TestContext;
let otherDatabase: Database;
let customer: TestUser;
/** Statements the first app sends while a test records them (null: not recording). */
let statements: string[] | null = null;

beforeAll(async () => {
  ctx = await createTestContext(
    { metricsToken: METRICS_TOKEN },
    { dbLogger: { logQuery: (query) => statements?.push(query) } },
  );
  otherDatabase = ctx.config.databaseUrl
    ? await openDatabase({ databaseUrl: ctx.config.databaseUrl })
    : ctx.database;
  const app: FastifyInstance = await buildApp({
    config: ctx.config,
    database: otherDatabase,
    logger: false,
  });
  await app.ready();
  other = { ...ctx, app, database: otherDatabase };
  customer = await createCustomer(ctx);
});
afterEach(() => {
  resetClock(ctx);
  resetClock(other);
});
afterAll(async () => {
  await other?.app.close();
  if (otherDatabase && otherDatabase !== ctx?.database) await otherDatabase.close();
  await ctx?.close();
});

interface Slot {
  startsAt: string;
  available: boolean;
}
interface SlotsBody {
  timeZone: string;
  days: { date: string; slots: Slot[] }[];
}

/** `GET /v1/services/{id}/slots?{query}` on `app`'s instance: 200 and its data. */
async function slots(on: TestContext, serviceId: string, query = 'days=3'): Promise<SlotsBody> {
  const res = await on.app.inject({
    method: 'GET',
    url: `/v1/services/${serviceId}/slots?${query}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as SlotsBody;
}

const free = (body: SlotsBody) =>
  body.days.flatMap((d) => d.slots.filter((s) => s.available).map((s) => s.startsAt));

/** The first instance's `slots_answers_total` by outcome, read from `/metrics`. */
async function answers(): Promise<{ cached: number; computed: number }> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: bearer(METRICS_TOKEN),
  });
  expect(res.statusCode).toBe(200);
  const read = (outcome: string) =>
    Number(
      new RegExp(`^slots_answers_total\\{outcome="${outcome}"\\} (\\d+)$`, 'm').exec(
        res.body,
      )?.[1] ?? 0,
    );
  return { cached: read('cached'), computed: read('computed') };
}

/** Runs `read` and says how the first instance answered it (counter deltas). */
async function counted<T>(
  read: () => Promise<T>,
): Promise<{ value: T; cached: number; computed: number }> {
  const before = await answers();
  const value = await read();
  const after = await answers();
  return {
    value,
    cached: after.cached - before.cached,
    computed: after.computed - before.computed,
  };
}

/** A UTC date `days` after the wall clock's today. */
const utcDate = (days: number) => addDays(localDateOf(new Date(), 'UTC'), days);
/** The instant `HH:MM:SS.mmm` UTC of `date`. */
const at = (date: string, time: string) => new Date(`${date}T${time}Z`);

/** Sets both instances' clocks to `instant`. */
function setClocks(instant: Date) {
  setClock(ctx, instant);
  setClock(other, instant);
}

/** A vendor in UTC (local time = UTC), every day 08:00–20:00, 60-minute service, 60 min notice. */
const utcVendor = () => createVendor(ctx, { timeZone: 'UTC' });

/** `PUT /v1/vendor/availability` as `vendor` on `on`'s instance. */
async function putAvailability(on: TestContext, vendor: TestVendor, body: object) {
  const res = await on.app.inject({
    method: 'PUT',
    url: '/v1/vendor/availability',
    headers: bearer(vendor.token),
    payload: {
      timeZone: 'UTC',
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '20:00' })),
      exceptions: [],
      minNoticeMinutes: 60,
      bufferMinutes: 0,
      horizonDays: 366,
      ...body,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('slot answers cached per service', () => {
  it('serves a second read from the cache: counted cached, one statement — the version read', async () => {
    const vendor = await utcVendor();
    const first = await counted(() => slots(ctx, vendor.serviceId));
    expect(first.computed).toBe(1);
    expect(first.cached).toBe(0);
    statements = [];
    let second: Awaited<ReturnType<typeof counted<SlotsBody>>>;
    try {
      second = await counted(() => slots(ctx, vendor.serviceId));
      expect(statements).toHaveLength(1);
      expect(statements[0]).toContain('"vendor_calendar_versions"');
      expect(statements[0]).not.toContain('"availability_rules"');
    } finally {
      statements = null;
    }
    expect(second.computed).toBe(0);
    expect(second.cached).toBe(1);
    expect(second.value).toEqual(first.value);
    // Another query of the same service is its own answer.
    expect((await counted(() => slots(ctx, vendor.serviceId, 'days=2'))).computed).toBe(1);
  });

  it('drops its answer on a booking made through another instance', async () => {
    const vendor = await utcVendor();
    const day = utcDate(2);
    setClocks(at(day, '10:00:00.000'));
    const before = free(await slots(ctx, vendor.serviceId, 'days=1'));
    expect(before[0]).toBe(`${day}T11:00:00.000Z`);
    // Cached now; the other instance books the 14:00 slot (held while unpaid).
    expect((await counted(() => slots(ctx, vendor.serviceId, 'days=1'))).cached).toBe(1);
    const booked = await book(other, customer, vendor.serviceId, `${day}T14:00:00.000Z`);
    expect(booked.statusCode, booked.body).toBe(201);

    const after = await counted(() => slots(ctx, vendor.serviceId, 'days=1'));
    expect(after.computed).toBe(1);
    expect(free(after.value)).not.toContain(`${day}T14:00:00.000Z`);
    expect(free(after.value)).toHaveLength(before.length - 1);
  });

  it('drops its answer on an exception and on new weekly hours saved through another instance', async () => {
    const vendor = await utcVendor();
    const day = utcDate(3);
    setClocks(at(utcDate(2), '10:00:00.000'));
    const query = `from=${day}&days=1`;
    expect(free(await slots(ctx, vendor.serviceId, query))).toHaveLength(12);
    expect((await counted(() => slots(ctx, vendor.serviceId, query))).cached).toBe(1);

    await putAvailability(other, vendor, { exceptions: [{ date: day, closed: true }] });
    const closed = await counted(() => slots(ctx, vendor.serviceId, query));
    expect(closed.computed).toBe(1);
    expect(closed.value.days[0]!.slots).toEqual([]);

    await putAvailability(other, vendor, {
      weekly: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '11:00' })),
    });
    expect(free(await slots(ctx, vendor.serviceId, query))).toEqual([
      `${day}T09:00:00.000Z`,
      `${day}T10:00:00.000Z`,
    ]);
  });

  it('never offers a slot the minimum notice has reached, cached or not', async () => {
    const vendor = await utcVendor();
    const day = utcDate(2);
    // 11:30 with 60 minutes' notice: 12:00 is too soon, 13:00 the first bookable slot — until
    // 12:00:00.000 included.
    setClocks(at(day, '11:30:00.000'));
    expect(free(await slots(ctx, vendor.serviceId, 'days=1'))[0]).toBe(`${day}T13:00:00.000Z`);
    setClocks(at(day, '12:00:00.000'));
    const last = await counted(() => slots(ctx, vendor.serviceId, 'days=1'));
    expect(last.cached).toBe(1);
    expect(free(last.value)[0]).toBe(`${day}T13:00:00.000Z`);
    setClocks(at(day, '12:00:00.001'));
    const past = await counted(() => slots(ctx, vendor.serviceId, 'days=1'));
    expect(past.computed).toBe(1);
    expect(free(past.value)[0]).toBe(`${day}T14:00:00.000Z`);
  });

  it('offers a held slot again the moment its unpaid hold lapses, with no write', async () => {
    const vendor = await utcVendor();
    const day = utcDate(2);
    const bookedAt = at(day, '10:00:00.000');
    setClocks(bookedAt);
    const slot = `${day}T15:00:00.000Z`;
    const held = await book(other, customer, vendor.serviceId, slot);
    expect(held.statusCode, held.body).toBe(201);
    expect(free(await slots(ctx, vendor.serviceId, 'days=1'))).not.toContain(slot);
    // The hold is 15 minutes (scheduling HOLD_MS): still held a millisecond before…
    const lapses = new Date(bookedAt.getTime() + 15 * 60_000);
    setClocks(new Date(lapses.getTime() - 1));
    expect(free(await slots(ctx, vendor.serviceId, 'days=1'))).not.toContain(slot);
    // …free from then on.
    setClocks(lapses);
    expect(free(await slots(ctx, vendor.serviceId, 'days=1'))).toContain(slot);
  });

  it('moves to the vendor’s next day at its midnight', async () => {
    const vendor = await createVendor(ctx, { timeZone: 'Asia/Kolkata' });
    // 18:29:59.999Z is 23:59:59.999 in Kolkata (UTC+05:30): still the day before `day` there.
    const day = utcDate(3);
    const eve = addDays(day, -1);
    setClocks(at(eve, '17:00:00.000'));
    expect((await slots(ctx, vendor.serviceId, 'days=1')).days[0]!.date).toBe(eve);
    setClocks(at(eve, '18:29:59.999'));
    const late = await counted(() => slots(ctx, vendor.serviceId, 'days=1'));
    expect(late.cached).toBe(1);
    expect(late.value.days[0]!.date).toBe(eve);
    setClocks(at(eve, '18:30:00.000'));
    const next = await counted(() => slots(ctx, vendor.serviceId, 'days=1'));
    expect(next.computed).toBe(1);
    expect(next.value.days[0]!.date).toBe(day);
    expect(free(next.value)[0]).toBe(`${day}T02:30:00.000Z`);
  });

  it('answers a moved-back clock afresh, not from a later answer', async () => {
    const vendor = await utcVendor();
    const day = utcDate(2);
    setClocks(at(day, '15:30:00.000'));
    expect(free(await slots(ctx, vendor.serviceId, 'days=1'))[0]).toBe(`${day}T17:00:00.000Z`);
    setClocks(at(day, '09:30:00.000'));
    const earlier = await counted(() => slots(ctx, vendor.serviceId, 'days=1'));
    expect(earlier.computed).toBe(1);
    expect(free(earlier.value)[0]).toBe(`${day}T11:00:00.000Z`);
  });
});
