import { TZDate } from '@date-fns/tz';
import { eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { expect, vi } from 'vitest';
import { conversations, orders, quoteLeads, quoteRequests, quotes } from '../src/db/schema';
import {
  bearer,
  createVendor,
  pay,
  type TestUser,
  type TestVendor,
  type VendorOptions,
} from './fixtures';
import type { TestContext } from './helpers';

/*
 * Helpers of the quotes HTTP tests (quotes-*.test.ts): pros based in Boston, a request for
 * quotes, the pro's free starts, a quote, and the rows a refused call must leave as they were.
 */

export const HOUR = 60 * 60_000;
export const DAY = 24 * HOUR;

/**
 * Boston city hall (42.3601, -71.0589): the fixtures' pros serve 25 km around it. The job's
 * address names Boston, which the offline geocoder places there.
 */
export const BOSTON = { city: 'Boston', lat: 42.3601, lng: -71.0589 } as const;
export const BOSTON_ADDRESS = '12 Beacon Street, Boston, MA 02108';

/** A description long enough for the 20-character minimum, free of contact details. */
export const JOB = 'The kitchen tap drips all night and the valve under the sink is stuck';

/** Puts the app's clock (the domain clock, the outbox drain and PGlite all read Date) at `iso`. */
export function clockAt(iso: string | Date): Date {
  const at = new Date(iso);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(at);
  return at;
}

/** The fake clock's instant `ms` from now, as ISO text. */
export const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString();

export type Method = 'GET' | 'POST';

/** A JSON call as `user` (anonymous when null). */
export const call = (
  ctx: TestContext,
  user: TestUser | null,
  method: Method,
  url: string,
  payload?: object,
) => ctx.app.inject({ method, url, headers: user ? bearer(user.token) : {}, payload });

/** An approved pro in Boston doing `category` (a fresh category per test keeps matches apart). */
export const bostonPro = (ctx: TestContext, category: string, opts: VendorOptions = {}) =>
  createVendor(ctx, { category, ...BOSTON, ...opts });

/** One preferred date range: tomorrow to a week later, on the fake clock. */
export const nextWeek = () => [{ from: fromNow(DAY), to: fromNow(8 * DAY) }];

/** `POST /v1/quote-requests` as JSON (the raw answer). */
export const postRequest = (ctx: TestContext, customer: TestUser, body: Record<string, unknown>) =>
  call(ctx, customer, 'POST', '/v1/quote-requests', {
    description: JOB,
    address: BOSTON_ADDRESS,
    windows: nextWeek(),
    ...body,
  });

export interface LeadDto {
  id: string;
  vendor: { id: string; businessName: string };
  status: string;
  declineReason: string | null;
  quote: QuoteDto | null;
}
export interface RequestDto {
  id: string;
  status: string;
  description: string;
  vendorId: string | null;
  photos: { url: string; thumbUrl: string; width: number; height: number }[];
  leads: LeadDto[];
  acceptedQuoteId: string | null;
  closesAt: string;
  createdAt: string;
}
export interface Money {
  amount: number;
  currency: string;
}
export interface QuoteDto {
  id: string;
  requestId: string;
  lineItems: { description: string; amount: number }[];
  total: Money;
  price: { subtotal: Money; fee: Money; total: Money };
  slots: string[];
  message: string;
  status: string;
  counter: { amount: Money; note: string; status: string } | null;
  orderId: string | null;
}

/** A request for quotes in `category` (201 expected): the answer, with its matched leads. */
export async function requestQuotes(
  ctx: TestContext,
  customer: TestUser,
  category: string,
  body: Record<string, unknown> = {},
): Promise<RequestDto> {
  const res = await postRequest(ctx, customer, { categorySlug: category, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** `GET /v1/quote-requests/:id` as `user` (200 expected). */
export async function viewRequest(ctx: TestContext, user: TestUser, id: string) {
  const res = await call(ctx, user, 'GET', `/v1/quote-requests/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as RequestDto;
}

/** The lead of `pro` in the customer's view of a request. */
export const leadOf = (request: RequestDto, pro: TestVendor) =>
  request.leads.find((l) => l.vendor.id === pro.vendorId);

/** The first `n` free starts of `pro` for a job of `durationMinutes`, from its quote builder. */
export async function freeStarts(
  ctx: TestContext,
  pro: TestVendor,
  durationMinutes: number,
  n: number,
): Promise<string[]> {
  const res = await call(
    ctx,
    pro,
    'GET',
    `/v1/vendor/free-slots?durationMinutes=${durationMinutes}&days=7`,
  );
  expect(res.statusCode, res.body).toBe(200);
  const days = res.json().data.days as { date: string; slots: string[] }[];
  const starts = days.flatMap((d) => d.slots);
  expect(starts.length).toBeGreaterThanOrEqual(n);
  return starts.slice(0, n);
}

/** `POST /v1/quote-requests/:id/quotes` as `pro` (the raw answer). */
export const postQuote = (
  ctx: TestContext,
  pro: TestVendor,
  requestId: string,
  body: Record<string, unknown>,
) =>
  call(ctx, pro, 'POST', `/v1/quote-requests/${requestId}/quotes`, {
    durationMinutes: 60,
    validUntil: fromNow(3 * DAY),
    message: 'Happy to help',
    ...body,
  });

/** A quote of `pro` on a request (201 expected): one line of `amount` on its first two free hours. */
export async function quoteFor(
  ctx: TestContext,
  pro: TestVendor,
  requestId: string,
  body: Record<string, unknown> = {},
): Promise<QuoteDto> {
  const slots = await freeStarts(ctx, pro, 60, 2);
  const res = await postQuote(ctx, pro, requestId, {
    lineItems: [{ description: 'Labour', amount: 20_000 }],
    slots,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Delivers every due job until none is left (a job may enqueue the next: mail, live frame). */
export async function settle(ctx: TestContext): Promise<void> {
  for (let i = 0; i < 10; i++) if ((await ctx.drain()) === 0) return;
}

/** The notifications of `user` after delivering due jobs, newest first. */
export async function noticesOf(ctx: TestContext, user: TestUser) {
  await settle(ctx);
  const res = await call(ctx, user, 'GET', '/v1/notifications?pageSize=50');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as { type: string; title: string; body: string }[];
}

/** `hh:mm` on the same local day as the instant `iso` in `timeZone`, as an ISO instant. */
export function sameDayAt(iso: string, time: string, timeZone: string): string {
  const local = new TZDate(Date.parse(iso), timeZone);
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const at = new TZDate(
    local.getFullYear(),
    local.getMonth(),
    local.getDate(),
    hh,
    mm,
    0,
    timeZone,
  );
  return new Date(+at).toISOString();
}

/** Books and pays the pro's fixture service at `startsAt` for `customer` from a Boston address. */
export async function paidBooking(
  ctx: TestContext,
  customer: TestUser,
  pro: TestVendor,
  startsAt: string,
) {
  const booked = await call(ctx, customer, 'POST', '/v1/orders', {
    serviceId: pro.serviceId,
    startsAt,
    address: BOSTON_ADDRESS,
  });
  expect(booked.statusCode, booked.body).toBe(201);
  const paid = await pay(ctx, customer, booked.json().data.id);
  expect(paid.statusCode, paid.body).toBe(200);
}

/** A small PNG of `side` px, a different colour per `seed`. */
export const png = (seed = 0, side = 24) =>
  sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: { r: (seed * 70) % 256, g: 120, b: 200 },
    },
  })
    .png()
    .toBuffer();

/**
 * A `multipart/form-data` payload (and its content-type header) for `app.inject`: text `fields`
 * and one `photos` file per buffer, encoded by the platform's FormData as a browser would.
 */
export async function quoteRequestForm(fields: Record<string, string>, photos: Buffer[]) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [i, photo] of photos.entries()) {
    form.append('photos', new Blob([new Uint8Array(photo)], { type: 'image/png' }), `p${i}.png`);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Every quote request of `customerId` as stored (to prove a refused call saved nothing). */
export const requestsOf = (ctx: TestContext, customerId: string) =>
  ctx.app.db.select().from(quoteRequests).where(eq(quoteRequests.customerId, customerId));

/** The orders booked from any quote of `requestId`, as stored. */
export async function ordersOfRequest(ctx: TestContext, requestId: string) {
  const ids = (
    await ctx.app.db.select({ id: quotes.id }).from(quotes).where(eq(quotes.requestId, requestId))
  ).map((q) => q.id);
  if (ids.length === 0) return [];
  return ctx.app.db.select().from(orders).where(inArray(orders.quoteId, ids));
}

/**
 * Everything stored about a request — the request, its leads, quotes, orders and linked
 * conversations, and how many requests exist at all — to compare before and after a call.
 */
export async function snapshotOf(ctx: TestContext, requestId: string) {
  const db = ctx.app.db;
  const byId = <T extends { id: string }>(rows: T[]) =>
    [...rows].sort((a, b) => a.id.localeCompare(b.id));
  return {
    request: await db.select().from(quoteRequests).where(eq(quoteRequests.id, requestId)),
    leads: byId(await db.select().from(quoteLeads).where(eq(quoteLeads.requestId, requestId))),
    quotes: byId(await db.select().from(quotes).where(eq(quotes.requestId, requestId))),
    orders: byId(await ordersOfRequest(ctx, requestId)),
    conversations: byId(
      await db.select().from(conversations).where(eq(conversations.quoteRequestId, requestId)),
    ),
    requestCount: (await db.select({ id: quoteRequests.id }).from(quoteRequests)).length,
  };
}
