/**
 * The pro's services and their images: `/v1/vendor/services*`, through `app.inject`
 * on a real database. Who may do what, validation, archiving instead of deleting a service with
 * orders, the gallery (spec §5 image rules, order, alt text, cover) and what customers see after
 * each change (public pages, search, categories, the catalogue cache).
 */
import { crc32 } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceImages, services, vendorCategories, vendorProfiles } from '../src/db/schema';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  ensureCategory,
  paidOrder,
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
  await ensureCategory(ctx, 'plumbing', 'Plumbing');
  await ensureCategory(ctx, 'electrical', 'Electrical');
});
afterAll(async () => ctx?.close());

/** Spec §5 / the largest accepted image, in bytes (3 MB). */
const THREE_MB = 3 * 1024 * 1024;

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    payload: payload as object | undefined,
  });

/** A valid body of `POST /v1/vendor/services`. */
const body = (over: Record<string, unknown> = {}) => ({
  categorySlug: 'plumbing',
  title: 'Boiler service',
  description: 'Annual boiler check and clean, with a safety report.',
  price: { amount: 12_500, currency: 'usd' },
  durationMinutes: 90,
  ...over,
});

async function createService(vendor: TestVendor, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/v1/vendor/services', vendor.token, body(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as {
    id: string;
    title: string;
    description: string;
    active: boolean;
    archivedAt: string | null;
    coverImageUrl: string | null;
    images: { id: string; url: string; thumbUrl: string; alt: string }[];
    upcomingOrderCount: number;
  };
}

/** A small valid PNG of a colour (40 × 30). */
const png = (r = 19) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: { r, g: 95, b: 225 } } })
    .png()
    .toBuffer();

/**
 * A valid PNG of exactly `size` bytes: a small picture padded with a private ancillary chunk
 * before `IEND` (decoders skip it), its CRC right — as the avatar tests build it.
 */
async function pngOfSize(size: number): Promise<Buffer> {
  const small = await png();
  const iend = small.length - 12;
  const dataLength = size - small.length - 12;
  const chunk = Buffer.alloc(12 + dataLength);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('vtPd', 4, 'ascii');
  chunk.fill(0x61, 8, 8 + dataLength);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  const out = Buffer.concat([small.subarray(0, iend), chunk, small.subarray(iend)]);
  expect(out.length).toBe(size);
  return out;
}

/** `POST …/images` with each `[field, value]` part, encoded by the platform's FormData. */
async function upload(token: string | null, serviceId: string, parts: [string, Buffer | string][]) {
  const form = new FormData();
  for (const [field, value] of parts) {
    if (typeof value === 'string') form.append(field, value);
    else form.append(field, new Blob([new Uint8Array(value)], { type: 'image/png' }), 'photo.png');
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return ctx.app.inject({
    method: 'POST',
    url: `/v1/vendor/services/${serviceId}/images`,
    headers: {
      ...(token ? bearer(token) : {}),
      'content-type': request.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** The storage key of a media URL (`/media/<key>`). */
const keyOf = (url: string) => url.replace(/^\/media\//, '');

/** Category slugs the vendor is listed in (`vendor_categories`). */
async function listedCategories(vendorId: string): Promise<string[]> {
  const rows = await ctx.app.db
    .select({ categoryId: vendorCategories.categoryId })
    .from(vendorCategories)
    .where(eq(vendorCategories.vendorId, vendorId));
  const plumbing = await ensureCategory(ctx, 'plumbing', 'Plumbing');
  const electrical = await ensureCategory(ctx, 'electrical', 'Electrical');
  const names = new Map([
    [plumbing.id, 'plumbing'],
    [electrical.id, 'electrical'],
  ]);
  return rows.map((r) => names.get(r.categoryId) ?? r.categoryId).sort();
}

/** Ids of the vendors a public search finds. */
async function searchIds(query: string): Promise<string[]> {
  const res = await call('GET', `/v1/vendors?${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json().data.items as { id: string }[]).map((v) => v.id);
}

describe('services: create, read, edit', () => {
  it('creates a service (price in minor units) that customers see at once, and edits it', async () => {
    const vendor = await createVendor(ctx, { businessName: 'Crane Plumbing' });
    const created = await createService(vendor, {
      categorySlug: 'electrical',
      title: 'Fusebox replacement',
    });
    expect(created).toMatchObject({
      vendorId: vendor.vendorId,
      category: { slug: 'electrical', name: 'Electrical' },
      title: 'Fusebox replacement',
      price: { amount: 12_500, currency: 'USD' },
      durationMinutes: 90,
      active: true,
      archivedAt: null,
      coverImageUrl: null,
      images: [],
      upcomingOrderCount: 0,
    });

    const list = await call('GET', '/v1/vendor/services', vendor.token);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { id: string }) => s.id)).toEqual([
      vendor.serviceId,
      created.id,
    ]);
    const one = await call('GET', `/v1/vendor/services/${created.id}`, vendor.token);
    expect(one.json().data).toEqual(created);

    // Customers: the service page, the pro's services, the category and search.
    const page = await call('GET', `/v1/services/${created.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      title: 'Fusebox replacement',
      vendorId: vendor.vendorId,
    });
    const publicList = await call('GET', `/v1/vendors/${vendor.vendorId}/services`);
    expect(publicList.json().data.map((s: { id: string }) => s.id)).toContain(created.id);
    expect(await listedCategories(vendor.vendorId)).toEqual(['electrical', 'plumbing']);
    expect(await searchIds('q=fusebox')).toContain(vendor.vendorId);

    const edited = await call('PATCH', `/v1/vendor/services/${created.id}`, vendor.token, {
      title: 'Consumer unit upgrade',
      price: { amount: 20_000, currency: 'USD' },
      durationMinutes: 120,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      title: 'Consumer unit upgrade',
      description: created.description,
      price: { amount: 20_000, currency: 'USD' },
      durationMinutes: 120,
      category: { slug: 'electrical' },
    });
    expect((await call('GET', `/v1/services/${created.id}`)).json().data).toMatchObject({
      title: 'Consumer unit upgrade',
      price: { amount: 20_000, currency: 'USD' },
    });
    expect(await searchIds('q=fusebox')).not.toContain(vendor.vendorId);
    expect(await searchIds('q=consumer%20unit')).toContain(vendor.vendorId);
  });

  it('unlists an inactive service and drops the categories only it gave the pro', async () => {
    const vendor = await createVendor(ctx);
    const created = await createService(vendor, { categorySlug: 'electrical' });
    expect(await listedCategories(vendor.vendorId)).toEqual(['electrical', 'plumbing']);

    const paused = await call('PATCH', `/v1/vendor/services/${created.id}`, vendor.token, {
      active: false,
    });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().data.active).toBe(false);
    expect(await listedCategories(vendor.vendorId)).toEqual(['plumbing']);
    expect((await call('GET', `/v1/services/${created.id}`)).statusCode).toBe(404);
    expect(await searchIds('category=electrical')).not.toContain(vendor.vendorId);
    // The pro still sees and edits it.
    expect((await call('GET', `/v1/vendor/services/${created.id}`, vendor.token)).statusCode).toBe(
      200,
    );

    await call('PATCH', `/v1/vendor/services/${created.id}`, vendor.token, { active: true });
    expect(await listedCategories(vendor.vendorId)).toEqual(['electrical', 'plumbing']);
    expect(await searchIds('category=electrical')).toContain(vendor.vendorId);
  });

  it('keeps search in step with what the pro offers: categories and currencies of active services', async () => {
    // Search reads these from the vendor's row ("Speed"); the pro's edits must move it.
    const vendor = await createVendor(ctx, { businessName: 'Harbour Wiring' });
    await createVendor(ctx, { businessName: 'Dockside Plumbing' }); // dollars stay local here
    const nyc = 'lat=40.7128&lng=-74.006&pageSize=50';
    const electrical = await createService(vendor, { categorySlug: 'electrical' });
    const london = await createService(vendor, {
      categorySlug: 'electrical',
      title: 'Rewire (London office)',
      price: { amount: 90_000, currency: 'GBP' },
    });
    // A category with a place (the candidates checked one by one) and without (from indexes).
    expect(await searchIds(`category=electrical&${nyc}`)).toContain(vendor.vendorId);
    expect(await searchIds('category=electrical&pageSize=50')).toContain(vendor.vendorId);
    expect(await searchIds(`currency=GBP&${nyc}`)).toContain(vendor.vendorId);

    await call('PATCH', `/v1/vendor/services/${london.id}`, vendor.token, { active: false });
    expect(await searchIds(`currency=GBP&${nyc}`)).not.toContain(vendor.vendorId);
    expect(await searchIds(`category=electrical&${nyc}`)).toContain(vendor.vendorId);

    await call('PATCH', `/v1/vendor/services/${electrical.id}`, vendor.token, { active: false });
    expect(await searchIds(`category=electrical&${nyc}`)).not.toContain(vendor.vendorId);
    expect(await searchIds('category=electrical&pageSize=50')).not.toContain(vendor.vendorId);
    // Still in the area in dollars through the plumbing service it keeps, then not at all.
    expect(await searchIds(nyc)).toContain(vendor.vendorId);
    const last = await call('PATCH', `/v1/vendor/services/${vendor.serviceId}`, vendor.token, {
      active: false,
    });
    expect(last.statusCode, last.body).toBe(200);
    expect(await searchIds(nyc)).not.toContain(vendor.vendorId);
  });

  it('refuses invalid bodies with 400 and an unknown category with 422 naming it', async () => {
    const vendor = await createVendor(ctx);
    for (const bad of [
      body({ title: '' }),
      body({ price: { amount: 99.5, currency: 'USD' } }),
      body({ price: { amount: 12_500, currency: 'dollars' } }),
      body({ durationMinutes: 50 }),
      body({ description: 'short' }),
    ]) {
      const res = await call('POST', '/v1/vendor/services', vendor.token, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
    }
    const unknown = await call(
      'POST',
      '/v1/vendor/services',
      vendor.token,
      body({ categorySlug: 'astrology' }),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error).toMatchObject({ code: 'unknown_category' });
    expect(unknown.json().error.message).toContain('"astrology"');
    const patch = await call('PATCH', `/v1/vendor/services/${vendor.serviceId}`, vendor.token, {
      categorySlug: 'astrology',
    });
    expect(patch.statusCode).toBe(422);
    expect(patch.json().error.message).toContain('"astrology"');
  });
});

describe('services: who may', () => {
  it('answers 403 to customers and admins on every route, 401 without a session', async () => {
    const vendor = await createVendor(ctx);
    const s = vendor.serviceId;
    const image = '00000000-0000-4000-8000-000000000001';
    const routes: [Method, string, unknown?][] = [
      ['GET', '/v1/vendor/services'],
      ['POST', '/v1/vendor/services', body()],
      ['GET', `/v1/vendor/services/${s}`],
      ['PATCH', `/v1/vendor/services/${s}`, { title: 'Mine now' }],
      ['DELETE', `/v1/vendor/services/${s}`],
      ['PUT', `/v1/vendor/services/${s}/images/order`, { imageIds: [image] }],
      ['PATCH', `/v1/vendor/services/${s}/images/${image}`, { alt: 'x' }],
      ['DELETE', `/v1/vendor/services/${s}/images/${image}`],
    ];
    for (const who of [customer, admin]) {
      for (const [method, url, payload] of routes) {
        const res = await call(method, url, who.token, payload);
        expect(res.statusCode, `${who.email} ${method} ${url}`).toBe(403);
        expect(res.json().error.code).toBe('vendor_only');
      }
      const res = await upload(who.token, s, [['file', await png()]]);
      expect(res.statusCode).toBe(403);
    }
    for (const [method, url, payload] of routes) {
      expect((await call(method, url, undefined, payload)).statusCode).toBe(401);
    }
    expect((await upload(null, s, [['file', await png()]])).statusCode).toBe(401);
    const [row] = await ctx.app.db.select().from(services).where(eq(services.id, s));
    expect(row!.title).toBe('Leak repair');
  });

  it('answers 404 to another pro for my service and its images, as for a random id, and changes nothing', async () => {
    const me = await createVendor(ctx);
    const other = await createVendor(ctx);
    const uploaded = await upload(me.token, me.serviceId, [['file', await png()]]);
    expect(uploaded.statusCode).toBe(201);
    const imageId = uploaded.json().data.images[0].id as string;
    const s = me.serviceId;
    const random = '00000000-0000-4000-8000-000000000000';
    for (const [method, url, payload] of [
      ['GET', `/v1/vendor/services/${s}`],
      ['PATCH', `/v1/vendor/services/${s}`, { title: 'Stolen service' }],
      ['DELETE', `/v1/vendor/services/${s}`],
      ['PUT', `/v1/vendor/services/${s}/images/order`, { imageIds: [imageId] }],
      ['PATCH', `/v1/vendor/services/${s}/images/${imageId}`, { alt: 'stolen' }],
      ['DELETE', `/v1/vendor/services/${s}/images/${imageId}`],
      ['GET', `/v1/vendor/services/${random}`],
      ['PATCH', `/v1/vendor/services/${random}`, { title: 'Nobody’s service' }],
      ['DELETE', `/v1/vendor/services/${random}`],
    ] as [Method, string, unknown?][]) {
      const res = await call(method, url, other.token, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().error.code).toBe('service_not_found');
    }
    expect((await upload(other.token, s, [['file', await png()]])).statusCode).toBe(404);
    // My image of my service, addressed under another pro's service: 404 too.
    const foreign = await call(
      'PATCH',
      `/v1/vendor/services/${other.serviceId}/images/${imageId}`,
      other.token,
      { alt: 'stolen' },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe('image_not_found');

    const mine = (await call('GET', `/v1/vendor/services/${s}`, me.token)).json().data;
    expect(mine).toMatchObject({ title: 'Leak repair', archivedAt: null });
    expect(mine.images).toHaveLength(1);
    expect(mine.images[0].alt).toBe('');
    expect((await call('GET', '/v1/vendor/services', other.token)).json().data).toHaveLength(1);
  });
});

describe('services: delete or archive', () => {
  it('archives a service with an order: the order keeps it, customers no longer find or book it', async () => {
    const vendor = await createVendor(ctx);
    const spare = await createService(vendor);
    const { customer: buyer, order } = await paidOrder(ctx, vendor);
    const before = (
      await call('GET', `/v1/vendor/services/${vendor.serviceId}`, vendor.token)
    ).json().data;
    expect(before.upcomingOrderCount).toBe(1);

    const res = await call('DELETE', `/v1/vendor/services/${vendor.serviceId}`, vendor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: vendor.serviceId, outcome: 'archived' });

    const archived = (
      await call('GET', `/v1/vendor/services/${vendor.serviceId}`, vendor.token)
    ).json().data;
    expect(archived).toMatchObject({ active: false, upcomingOrderCount: 1 });
    expect(Date.parse(archived.archivedAt)).not.toBeNaN();
    // Archived last in the pro's list.
    const list = (await call('GET', '/v1/vendor/services', vendor.token)).json().data;
    expect(list.map((s: { id: string }) => s.id)).toEqual([spare.id, vendor.serviceId]);

    // The order still shows the service, to both sides, and still moves on.
    for (const who of [buyer, vendor]) {
      const seen = await call('GET', `/v1/orders/${order.id}`, who.token);
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data.service).toMatchObject({
        id: vendor.serviceId,
        title: 'Leak repair',
      });
    }
    const accepted = await call('POST', `/v1/orders/${order.id}/transitions`, vendor.token, {
      action: 'accept',
    });
    expect(accepted.statusCode).toBe(200);

    // Customers: no page, not among the pro's services, no slots, no booking.
    expect((await call('GET', `/v1/services/${vendor.serviceId}`)).statusCode).toBe(404);
    expect((await call('GET', `/v1/services/${vendor.serviceId}/gallery`)).statusCode).toBe(404);
    expect((await call('GET', `/v1/services/${vendor.serviceId}/slots`)).statusCode).toBe(404);
    const publicList = (await call('GET', `/v1/vendors/${vendor.vendorId}/services`)).json().data;
    expect(publicList.map((s: { id: string }) => s.id)).toEqual([spare.id]);
    const booking = await call('POST', '/v1/orders', buyer.token, {
      serviceId: vendor.serviceId,
      startsAt: order.startsAt,
      address: '12 Main Street, New York',
    });
    expect(booking.statusCode).toBe(404);

    // Not editable; deleting again answers the same.
    const patch = await call('PATCH', `/v1/vendor/services/${vendor.serviceId}`, vendor.token, {
      active: true,
    });
    expect(patch.statusCode).toBe(409);
    expect(patch.json().error.code).toBe('service_archived');
    expect((await upload(vendor.token, vendor.serviceId, [['file', await png()]])).statusCode).toBe(
      409,
    );
    const again = await call('DELETE', `/v1/vendor/services/${vendor.serviceId}`, vendor.token);
    expect(again.json().data.outcome).toBe('archived');
  });

  it('deletes a service without orders, with its image files (through the outbox)', async () => {
    const vendor = await createVendor(ctx);
    const created = await createService(vendor, {
      categorySlug: 'electrical',
      title: 'Rewire flat',
    });
    const uploaded = await upload(vendor.token, created.id, [['file', await png()]]);
    expect(uploaded.statusCode).toBe(201);
    const key = keyOf(uploaded.json().data.images[0].url);
    expect(await ctx.app.storage.exists(key)).toBe(true);
    expect(await ctx.app.storage.exists(`${key}.thumb.webp`)).toBe(true);

    const res = await call('DELETE', `/v1/vendor/services/${created.id}`, vendor.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id: created.id, outcome: 'deleted' });
    expect((await call('GET', `/v1/vendor/services/${created.id}`, vendor.token)).statusCode).toBe(
      404,
    );
    expect(await ctx.app.db.select().from(services).where(eq(services.id, created.id))).toEqual([]);
    expect(
      await ctx.app.db.select().from(serviceImages).where(eq(serviceImages.serviceId, created.id)),
    ).toEqual([]);
    expect(await listedCategories(vendor.vendorId)).toEqual(['plumbing']);
    expect(await searchIds('q=rewire')).not.toContain(vendor.vendorId);
    await ctx.drain();
    expect(await ctx.app.storage.exists(key)).toBe(false);
    expect(await ctx.app.storage.exists(`${key}.thumb.webp`)).toBe(false);
  });
});

describe('service images', () => {
  it('accepts an image of exactly 3 MB, re-encoded to WebP with a thumbnail', async () => {
    const vendor = await createVendor(ctx);
    const res = await upload(vendor.token, vendor.serviceId, [
      ['file', await pngOfSize(THREE_MB)],
      ['alt', 'A tidy new pipe under the sink'],
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.images).toHaveLength(1);
    const [image] = data.images;
    expect(image.url).toMatch(
      new RegExp(`^/media/services/${vendor.serviceId}/[0-9a-f-]+\\.webp$`),
    );
    expect(image).toMatchObject({
      thumbUrl: `${image.url}.thumb.webp`,
      width: 40,
      height: 30,
      alt: 'A tidy new pipe under the sink',
    });
    expect(data.coverImageUrl).toBe(image.thumbUrl);
    const file = await ctx.app.inject({ method: 'GET', url: image.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect((await sharp(file.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses 3 MB + 1 byte with 413 "Image must be less than 3mb"', async () => {
    const vendor = await createVendor(ctx);
    const res = await upload(vendor.token, vendor.serviceId, [
      ['file', await pngOfSize(THREE_MB + 1)],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      ok: false,
      error: { message: 'Image must be less than 3mb', code: 'image_too_large' },
    });
    const mine = (await call('GET', `/v1/vendor/services/${vendor.serviceId}`, vendor.token)).json()
      .data;
    expect(mine.images).toEqual([]);
  });

  it('answers 400 "No image selected" without a file, and refuses what is not an image', async () => {
    const vendor = await createVendor(ctx);
    for (const res of [
      await upload(vendor.token, vendor.serviceId, []),
      await upload(vendor.token, vendor.serviceId, [['alt', 'Only words']]),
      await upload(vendor.token, vendor.serviceId, [['file', Buffer.alloc(0)]]),
      await call('POST', `/v1/vendor/services/${vendor.serviceId}/images`, vendor.token),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: 'No image selected',
        code: 'image_missing',
      });
    }
    const pdf = await upload(vendor.token, vendor.serviceId, [
      ['file', Buffer.from('%PDF-1.7 not a picture')],
    ]);
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.code).toBe('unsupported_image_type');
    const extra = await upload(vendor.token, vendor.serviceId, [
      ['file', await png()],
      ['caption', 'hello'],
    ]);
    expect(extra.statusCode).toBe(400);
    expect(extra.json().error.code).toBe('unexpected_field');
  });

  it('reorders the gallery (the first is the cover everywhere), sets alt text and deletes an image', async () => {
    const vendor = await createVendor(ctx);
    const ids: string[] = [];
    for (const r of [10, 120, 240]) {
      const res = await upload(vendor.token, vendor.serviceId, [['file', await png(r)]]);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().data.images.at(-1).id);
    }
    const [a, b, c] = ids as [string, string, string];
    const url = `/v1/vendor/services/${vendor.serviceId}/images/order`;

    const reordered = await call('PUT', url, vendor.token, { imageIds: [c, a, b] });
    expect(reordered.statusCode, reordered.body).toBe(200);
    const data = reordered.json().data;
    expect(data.images.map((i: { id: string }) => i.id)).toEqual([c, a, b]);
    expect(data.coverImageUrl).toBe(data.images[0].thumbUrl);
    // Customers see the same order and cover.
    const gallery = (await call('GET', `/v1/services/${vendor.serviceId}/gallery`)).json().data;
    expect(gallery.map((i: { id: string }) => i.id)).toEqual([c, a, b]);
    const page = (await call('GET', `/v1/services/${vendor.serviceId}`)).json().data;
    expect(page).toMatchObject({ coverImageUrl: data.images[0].thumbUrl, imageCount: 3 });

    // Not every image exactly once: 400, order unchanged.
    for (const imageIds of [
      [c, a],
      [c, a, b, b],
      [c, a, vendor.serviceId],
    ]) {
      const res = await call('PUT', url, vendor.token, { imageIds });
      expect(res.statusCode, JSON.stringify(imageIds)).toBe(400);
      expect(res.json().error.code).toBe('invalid_image_order');
    }

    const alt = await call(
      'PATCH',
      `/v1/vendor/services/${vendor.serviceId}/images/${a}`,
      vendor.token,
      { alt: 'Copper pipe, after' },
    );
    expect(alt.statusCode).toBe(200);
    expect(alt.json().data.images.find((i: { id: string }) => i.id === a).alt).toBe(
      'Copper pipe, after',
    );
    const tooLong = await call(
      'PATCH',
      `/v1/vendor/services/${vendor.serviceId}/images/${a}`,
      vendor.token,
      { alt: 'x'.repeat(201) },
    );
    expect(tooLong.statusCode).toBe(400);

    const coverKey = keyOf(data.images[0].url);
    const removed = await call(
      'DELETE',
      `/v1/vendor/services/${vendor.serviceId}/images/${c}`,
      vendor.token,
    );
    expect(removed.statusCode).toBe(200);
    const after = removed.json().data;
    expect(after.images.map((i: { id: string }) => i.id)).toEqual([a, b]);
    expect(after.coverImageUrl).toBe(after.images[0].thumbUrl);
    expect((await call('GET', `/v1/services/${vendor.serviceId}`)).json().data.coverImageUrl).toBe(
      after.images[0].thumbUrl,
    );
    await ctx.drain();
    expect(await ctx.app.storage.exists(coverKey)).toBe(false);
    expect(await ctx.app.storage.exists(`${coverKey}.thumb.webp`)).toBe(false);
    expect(await ctx.app.storage.exists(keyOf(after.images[0].url))).toBe(true);
    const again = await call(
      'DELETE',
      `/v1/vendor/services/${vendor.serviceId}/images/${c}`,
      vendor.token,
    );
    expect(again.statusCode).toBe(404);
  });

  it('keeps at most 10 images a service (409 for the 11th)', async () => {
    const vendor = await createVendor(ctx);
    const picture = await png();
    for (let i = 0; i < 10; i++) {
      expect((await upload(vendor.token, vendor.serviceId, [['file', picture]])).statusCode).toBe(
        201,
      );
    }
    const res = await upload(vendor.token, vendor.serviceId, [['file', picture]]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('too_many_images');
    const rows = await ctx.app.db
      .select()
      .from(serviceImages)
      .where(eq(serviceImages.serviceId, vendor.serviceId));
    expect(rows).toHaveLength(10);
  });

  it('shows each service its own pictures only: no borrowed cover or gallery', async () => {
    const vendor = await createVendor(ctx, {
      imageKeys: ['test/first-a.webp', 'test/first-b.webp'],
    });
    // A vendor cover that belongs to no service of this one.
    await ctx.app.db
      .update(vendorProfiles)
      .set({ coverImageKey: 'test/vendor-cover.webp' })
      .where(eq(vendorProfiles.id, vendor.vendorId));
    const bare = await createService(vendor, { title: 'Drain unblocking' });
    expect((await call('GET', `/v1/services/${bare.id}`)).json().data).toMatchObject({
      coverImageUrl: null,
      imageCount: 0,
    });
    expect((await call('GET', `/v1/services/${bare.id}/gallery`)).json().data).toEqual([]);
    const services = (await call('GET', `/v1/vendors/${vendor.vendorId}/services`)).json().data;
    expect(
      services.map((s: { id: string; coverImageUrl: string | null }) => [s.id, s.coverImageUrl]),
    ).toEqual(
      expect.arrayContaining([
        [vendor.serviceId, '/media/test/first-a.webp.thumb.webp'],
        [bare.id, null],
      ]),
    );
    const first = (await call('GET', `/v1/services/${vendor.serviceId}/gallery`)).json().data;
    expect(first.map((i: { url: string }) => i.url)).toEqual([
      '/media/test/first-a.webp',
      '/media/test/first-b.webp',
    ]);
  });

  it('does not delete a picture file another image still uses', async () => {
    const vendor = await createVendor(ctx);
    const uploaded = await upload(vendor.token, vendor.serviceId, [['file', await png()]]);
    const image = uploaded.json().data.images[0];
    const key = keyOf(image.url);
    // A second service showing the same stored picture (as a seed may share one).
    const other = await createService(vendor);
    await ctx.app.db.insert(serviceImages).values({
      id: '00000000-0000-4000-8000-0000000000aa',
      serviceId: other.id,
      storageKey: key,
      width: 40,
      height: 30,
    });
    const removed = await call(
      'DELETE',
      `/v1/vendor/services/${vendor.serviceId}/images/${image.id}`,
      vendor.token,
    );
    expect(removed.statusCode).toBe(200);
    await ctx.drain();
    expect(await ctx.app.storage.exists(key)).toBe(true);
    const left = await ctx.app.db
      .select()
      .from(serviceImages)
      .where(and(eq(serviceImages.serviceId, other.id), eq(serviceImages.storageKey, key)));
    expect(left).toHaveLength(1);
  });
});

describe('the catalogue cache (CATALOGUE_CACHE_TTL_MS on)', () => {
  it('shows a pro’s new, edited and removed services at once on this instance', async () => {
    const cached = await createTestContext({ catalogueCacheTtlMs: 60_000 });
    try {
      const vendor = await createVendor(cached);
      const read = async () =>
        (
          await cached.app.inject({ method: 'GET', url: `/v1/vendors/${vendor.vendorId}/services` })
        ).json().data as { id: string; title: string }[];
      expect((await read()).map((s) => s.id)).toEqual([vendor.serviceId]);
      const created = await cached.app.inject({
        method: 'POST',
        url: '/v1/vendor/services',
        headers: bearer(vendor.token),
        payload: body({ title: 'Tap replacement' }),
      });
      expect(created.statusCode).toBe(201);
      const id = created.json().data.id as string;
      expect((await read()).map((s) => s.id)).toEqual([vendor.serviceId, id]);
      await cached.app.inject({
        method: 'PATCH',
        url: `/v1/vendor/services/${id}`,
        headers: bearer(vendor.token),
        payload: { title: 'Mixer tap replacement' },
      });
      expect((await read()).find((s) => s.id === id)?.title).toBe('Mixer tap replacement');
      await cached.app.inject({
        method: 'DELETE',
        url: `/v1/vendor/services/${id}`,
        headers: bearer(vendor.token),
      });
      expect((await read()).map((s) => s.id)).toEqual([vendor.serviceId]);
    } finally {
      await cached.close();
    }
  });
});
