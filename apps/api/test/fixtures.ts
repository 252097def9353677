import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  availabilityRules,
  categories,
  serviceImages,
  services,
  users,
  vendorCategories,
  vendorProfiles,
} from '../src/db/schema';
import { refreshVendorSearch } from '../src/domains/search';
import type { TestContext } from './helpers';

/** `Authorization` header for a token. */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export interface TestUser {
  id: string;
  email: string;
  fullName: string;
  token: string;
}

async function insertUser(
  ctx: TestContext,
  role: 'customer' | 'vendor' | 'admin',
  fullName: string,
): Promise<TestUser> {
  const id = randomUUID();
  const email = `${role}-${id.slice(0, 8)}@example.test`;
  await ctx.app.db.insert(users).values({
    id,
    role,
    email,
    fullName,
    passwordHash: 'not-a-real-hash',
    emailVerifiedAt: new Date(),
  });
  const { token } = await ctx.app.auth.signAccessToken({ id, role });
  return { id, email, fullName, token };
}

export const createCustomer = (ctx: TestContext, fullName = 'Test Customer') =>
  insertUser(ctx, 'customer', fullName);

export const createAdmin = (ctx: TestContext, fullName = 'Test Admin') =>
  insertUser(ctx, 'admin', fullName);

/** The category with `slug`, created if missing. */
export async function ensureCategory(ctx: TestContext, slug: string, name = slug, sort = 0) {
  // Insert-or-ignore, then read: safe when several fixtures ask for one slug at once (PostgreSQL).
  await ctx.app.db
    .insert(categories)
    .values({ id: randomUUID(), slug, name, description: `${name} services`, icon: 'wrench', sort })
    .onConflictDoNothing({ target: categories.slug });
  const [row] = await ctx.app.db.select().from(categories).where(eq(categories.slug, slug));
  return row!;
}

export interface VendorOptions {
  businessName?: string;
  tagline?: string;
  city?: string;
  country?: string;
  lat?: number;
  lng?: number;
  category?: string;
  status?: 'pending' | 'approved' | 'rejected' | 'suspended';
  timeZone?: string;
  ratingAverage?: number;
  ratingCount?: number;
  serviceTitle?: string;
  price?: number;
  currency?: string;
  durationMinutes?: number;
  /** Gallery images of the service: storage keys (not written to storage). */
  imageKeys?: string[];
  /** Weekly hours, default every day 08:00–20:00. */
  hours?: { weekday: number; startMinute: number; endMinute: number }[];
}

export interface TestVendor extends TestUser {
  vendorId: string;
  serviceId: string;
  categoryId: string;
}

/**
 * A vendor user with an approved profile in New York (America/New_York), one 60-minute service
 * at $100.00 and availability every day 08:00–20:00 — unless overridden.
 */
export async function createVendor(
  ctx: TestContext,
  opts: VendorOptions = {},
): Promise<TestVendor> {
  const user = await insertUser(ctx, 'vendor', 'Vera Vendor');
  const category = await ensureCategory(
    ctx,
    opts.category ?? 'plumbing',
    opts.category ?? 'Plumbing',
  );
  const vendorId = randomUUID();
  const serviceId = randomUUID();
  const db = ctx.app.db;
  await db.insert(vendorProfiles).values({
    id: vendorId,
    userId: user.id,
    businessName: opts.businessName ?? `Vendor ${vendorId.slice(0, 6)}`,
    tagline: opts.tagline ?? 'Reliable and friendly',
    bio: 'A test vendor.',
    primaryCategoryId: category.id,
    vettingStatus: opts.status ?? 'approved',
    ratingAverage: opts.ratingAverage ?? 4.5,
    ratingCount: opts.ratingCount ?? 10,
    lat: opts.lat ?? 40.7128,
    lng: opts.lng ?? -74.006,
    address: '1 Test Street, New York, NY',
    city: opts.city ?? 'New York City',
    country: opts.country ?? 'US',
    serviceRadiusKm: 25,
    timeZone: opts.timeZone ?? 'America/New_York',
  });
  await db.insert(vendorCategories).values({ vendorId, categoryId: category.id });
  await db.insert(services).values({
    id: serviceId,
    vendorId,
    categoryId: category.id,
    title: opts.serviceTitle ?? 'Leak repair',
    description: 'Fix a leak.',
    price: opts.price ?? 10_000,
    currency: opts.currency ?? 'USD',
    durationMinutes: opts.durationMinutes ?? 60,
  });
  if (opts.imageKeys?.length) {
    await db.insert(serviceImages).values(
      opts.imageKeys.map((key, i) => ({
        id: randomUUID(),
        serviceId,
        storageKey: key,
        width: 800,
        height: 600,
        alt: `Image ${i + 1}`,
        sort: i,
      })),
    );
  }
  const hours =
    opts.hours ??
    [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 8 * 60, endMinute: 20 * 60 }));
  await db
    .insert(availabilityRules)
    .values(hours.map((h) => ({ id: randomUUID(), vendorId, ...h })));
  // What text search matches, as the catalogue's writes keep it.
  await refreshVendorSearch(db, [vendorId]);
  return { ...user, vendorId, serviceId, categoryId: category.id };
}

export interface SlotDto {
  startsAt: string;
  endsAt: string;
  available: boolean;
}

/** The service's available slots over the next `days` days, soonest first. */
export async function availableSlots(
  ctx: TestContext,
  serviceId: string,
  days = 3,
): Promise<SlotDto[]> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/services/${serviceId}/slots?days=${days}`,
  });
  if (res.statusCode !== 200) throw new Error(`slots: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { days: { slots: SlotDto[] }[] };
  return data.days.flatMap((d) => d.slots).filter((s) => s.available);
}

/** Books `startsAt` (default: the first available slot) as `customer`; returns the response. */
export async function book(
  ctx: TestContext,
  customer: TestUser,
  serviceId: string,
  startsAt?: string,
  headers: Record<string, string> = {},
) {
  const at = startsAt ?? (await availableSlots(ctx, serviceId))[0]!.startsAt;
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/orders',
    headers: { ...bearer(customer.token), ...headers },
    payload: {
      serviceId,
      startsAt: at,
      address: '12 Main Street, New York',
      notes: 'Ring the bell',
    },
  });
}

export const GOOD_CARD = {
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
  name: 'Test Customer',
};
export const DECLINED_CARD = { ...GOOD_CARD, number: '4000 0000 0000 0002' };

/** Initialises and confirms payment of an order with `card`; returns the confirm response. */
export async function pay(ctx: TestContext, customer: TestUser, orderId: string, card = GOOD_CARD) {
  const init = await ctx.app.inject({
    method: 'POST',
    url: '/v1/payments/initialize',
    headers: bearer(customer.token),
    payload: { orderId },
  });
  if (init.statusCode !== 200) return init;
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/payments/${init.json().data.id}/confirm`,
    headers: bearer(customer.token),
    payload: { card },
  });
}

/** Creates a paid order for a fresh customer on the vendor's first free slot. */
export async function paidOrder(ctx: TestContext, vendor: TestVendor, customer?: TestUser) {
  const who = customer ?? (await createCustomer(ctx));
  const created = await book(ctx, who, vendor.serviceId);
  if (created.statusCode !== 201) throw new Error(`book: ${created.statusCode} ${created.body}`);
  const order = created.json().data;
  const paid = await pay(ctx, who, order.id);
  if (paid.statusCode !== 200) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
  return { customer: who, order };
}

/** Opens (or gets back) the direct conversation of `customer` with `vendor`; returns its id. */
export async function openDirect(
  ctx: TestContext,
  customer: TestUser,
  vendor: TestVendor,
): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/conversations',
    headers: bearer(customer.token),
    payload: { kind: 'direct', vendorId: vendor.vendorId },
  });
  if (res.statusCode !== 200) throw new Error(`open: ${res.statusCode} ${res.body}`);
  return res.json().data.id as string;
}

/** Sends a text message as `user`, expecting 201; returns the message. */
export async function say(
  ctx: TestContext,
  user: TestUser,
  conversationId: string,
  body: string,
  headers: Record<string, string> = {},
) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/v1/conversations/${conversationId}/messages`,
    headers: { ...bearer(user.token), ...headers },
    payload: { body },
  });
  if (res.statusCode !== 201) throw new Error(`send: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; body: string; createdAt: string; readAt: string | null };
}

/**
 * A `multipart/form-data` payload (and its content-type header) for `app.inject`: a `body` field
 * (when given) and one `images` file per buffer — encoded by the platform's FormData, as a
 * browser would.
 */
export async function multipartPayload(parts: { body?: string; images?: Buffer[] }) {
  const form = new FormData();
  if (parts.body !== undefined) form.append('body', parts.body);
  for (const [i, image] of (parts.images ?? []).entries()) {
    form.append(
      'images',
      new Blob([new Uint8Array(image)], { type: 'image/png' }),
      `photo-${i + 1}.png`,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}
