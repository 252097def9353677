/**
 * Drizzle queries of the listings domain (ARCHITECTURE §1a): a pro's services, their
 * images, the categories the pro is listed in, and the pro's opening hours. Each takes `db` or a
 * transaction; none holds policy or text for people.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  availabilityExceptions,
  availabilityRules,
  categories,
  orders,
  serviceImages,
  services,
  vendorProfiles,
} from '../../db/schema';
import { UPCOMING_ORDER_STATUSES } from './policy';

/** The vendor profile id of a user, or null when the user has none. */
export async function vendorIdOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row?.id ?? null;
}

/** The category with `slug`, or null. */
export async function categoryBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row ?? null;
}

/** A service as its pro sees it, before its images are added. */
export interface OwnServiceRow {
  id: string;
  vendorId: string;
  categorySlug: string;
  categoryName: string;
  title: string;
  description: string;
  /** Minor units. */
  price: number;
  currency: string;
  durationMinutes: number;
  active: boolean;
  archivedAt: Date | null;
  upcomingOrderCount: number;
  createdAt: Date;
}

function ownServicesQuery(db: DbOrTx) {
  return db
    .select({
      id: services.id,
      vendorId: services.vendorId,
      categorySlug: categories.slug,
      categoryName: categories.name,
      title: services.title,
      description: services.description,
      price: services.price,
      currency: services.currency,
      durationMinutes: services.durationMinutes,
      active: services.active,
      archivedAt: services.archivedAt,
      upcomingOrderCount: sql<number>`(select count(*)::int from ${orders} o
        where o.service_id = ${services.id}
          and o.status in (${sql.join(
            UPCOMING_ORDER_STATUSES.map((s) => sql`${s}`),
            sql`, `,
          )}))`,
      createdAt: services.createdAt,
    })
    .from(services)
    .innerJoin(categories, eq(categories.id, services.categoryId));
}

/** The vendor's services: live ones first, archived last, each group oldest first. */
export async function servicesOfVendor(db: DbOrTx, vendorId: string): Promise<OwnServiceRow[]> {
  const rows = await ownServicesQuery(db)
    .where(eq(services.vendorId, vendorId))
    .orderBy(sql`${services.archivedAt} is not null`, asc(services.createdAt), asc(services.id));
  return rows.map((r) => ({ ...r, upcomingOrderCount: Number(r.upcomingOrderCount) }));
}

/** One service of the vendor; null for an unknown id or another vendor's service. */
export async function serviceOfVendor(
  db: DbOrTx,
  vendorId: string,
  serviceId: string,
): Promise<OwnServiceRow | null> {
  const [row] = await ownServicesQuery(db).where(
    and(eq(services.id, serviceId), eq(services.vendorId, vendorId)),
  );
  return row ? { ...row, upcomingOrderCount: Number(row.upcomingOrderCount) } : null;
}

/**
 * Locks one service of the vendor (`FOR UPDATE`) until the transaction ends, so image writes of
 * one service are serialised (the gallery's size limit, its order); returns whether it is
 * archived, or null for an unknown id or another vendor's service.
 */
export async function lockServiceOfVendor(
  tx: DbOrTx,
  vendorId: string,
  serviceId: string,
): Promise<{ archived: boolean } | null> {
  const [row] = await tx
    .select({ archivedAt: services.archivedAt })
    .from(services)
    .where(and(eq(services.id, serviceId), eq(services.vendorId, vendorId)))
    .for('update');
  return row ? { archived: row.archivedAt !== null } : null;
}

/** Images of the given services, each service's in display order (sort, then id). */
export async function imagesOf(db: DbOrTx, serviceIds: readonly string[]) {
  if (serviceIds.length === 0) return [];
  return db
    .select()
    .from(serviceImages)
    .where(inArray(serviceImages.serviceId, [...serviceIds]))
    .orderBy(asc(serviceImages.serviceId), asc(serviceImages.sort), asc(serviceImages.id));
}

export type ServiceImageRow = typeof serviceImages.$inferSelect;

/** Those of `storageKeys` still referred to by a gallery image or a vendor's cover. */
export async function storageKeysInUse(
  db: DbOrTx,
  storageKeys: readonly string[],
): Promise<Set<string>> {
  if (storageKeys.length === 0) return new Set();
  const keys = [...storageKeys];
  const rows = await db
    .select({ key: serviceImages.storageKey })
    .from(serviceImages)
    .where(inArray(serviceImages.storageKey, keys))
    .union(
      db
        .select({ key: sql<string>`${vendorProfiles.coverImageKey}` })
        .from(vendorProfiles)
        .where(inArray(vendorProfiles.coverImageKey, keys)),
    );
  return new Set(rows.map((r) => r.key));
}

export type NewService = typeof services.$inferInsert;

export async function insertService(tx: DbOrTx, row: NewService): Promise<void> {
  await tx.insert(services).values(row);
}

export async function updateService(
  tx: DbOrTx,
  id: string,
  patch: Partial<Omit<NewService, 'id' | 'vendorId'>>,
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.update(services).set(patch).where(eq(services.id, id));
}

/** Deletes a service (its images go with it: `on delete cascade`). */
export async function deleteService(tx: DbOrTx, id: string): Promise<void> {
  await tx.delete(services).where(eq(services.id, id));
}

/** How many orders of any status, ever, a service has. */
export async function orderCountOf(db: DbOrTx, serviceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(eq(orders.serviceId, serviceId));
  return Number(row?.n ?? 0);
}

/** The next sort value of a service's gallery: one past its last image (0 when empty). */
export async function nextImageSort(db: DbOrTx, serviceId: string): Promise<number> {
  const [row] = await db
    .select({ next: sql<number>`coalesce(max(${serviceImages.sort}) + 1, 0)::int` })
    .from(serviceImages)
    .where(eq(serviceImages.serviceId, serviceId));
  return Number(row?.next ?? 0);
}

export async function insertImage(tx: DbOrTx, row: typeof serviceImages.$inferInsert) {
  await tx.insert(serviceImages).values(row);
}

/** One image of a service; null for an unknown id or an image of another service. */
export async function imageOfService(db: DbOrTx, serviceId: string, imageId: string) {
  const [row] = await db
    .select()
    .from(serviceImages)
    .where(and(eq(serviceImages.id, imageId), eq(serviceImages.serviceId, serviceId)));
  return row ?? null;
}

export async function setImageAlt(tx: DbOrTx, imageId: string, alt: string): Promise<void> {
  await tx.update(serviceImages).set({ alt }).where(eq(serviceImages.id, imageId));
}

export async function deleteImage(tx: DbOrTx, imageId: string): Promise<void> {
  await tx.delete(serviceImages).where(eq(serviceImages.id, imageId));
}

/** Sets each image's sort to its index in `imageIds`. */
export async function setImageOrder(tx: DbOrTx, imageIds: readonly string[]): Promise<void> {
  for (const [sort, id] of imageIds.entries()) {
    await tx.update(serviceImages).set({ sort }).where(eq(serviceImages.id, id));
  }
}

// ─── availability ────────────────────────────────────────────────────────────────────────────

/** The vendor's zone and booking rules (`vendor_profiles` columns), or null when unknown. */
export async function bookingSettings(db: DbOrTx, vendorId: string) {
  const [row] = await db
    .select({
      timeZone: vendorProfiles.timeZone,
      minNoticeMinutes: vendorProfiles.minNoticeMinutes,
      bufferMinutes: vendorProfiles.bufferMinutes,
      horizonDays: vendorProfiles.horizonDays,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, vendorId));
  return row ?? null;
}

/** The vendor's weekly ranges, by weekday then start (minutes after local midnight). */
export async function weeklyRules(db: DbOrTx, vendorId: string) {
  return db
    .select({
      weekday: availabilityRules.weekday,
      startMinute: availabilityRules.startMinute,
      endMinute: availabilityRules.endMinute,
    })
    .from(availabilityRules)
    .where(eq(availabilityRules.vendorId, vendorId))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
}

/** The vendor's dated exceptions by date; `ranges` `[{ start, end }]`, empty = closed. */
export async function exceptionsOf(db: DbOrTx, vendorId: string) {
  const rows = await db
    .select({ date: availabilityExceptions.date, ranges: availabilityExceptions.ranges })
    .from(availabilityExceptions)
    .where(eq(availabilityExceptions.vendorId, vendorId))
    .orderBy(asc(availabilityExceptions.date));
  return rows.map((r) => ({
    date: r.date,
    ranges: r.ranges as Array<{ start: string; end: string }>,
  }));
}

/** Makes every service of the vendor inactive (a retired business: account deletion). */
export async function deactivateVendorServices(tx: DbOrTx, vendorId: string): Promise<void> {
  await tx.update(services).set({ active: false }).where(eq(services.vendorId, vendorId));
}

/**
 * In `tx`: the record of a quoted job as a service of its pro, created when a customer accepts
 * the quote, so the job's order reads like any booking (title, duration, price). It is created
 * archived and inactive: never listed, bookable or editable (as a deleted service kept for its
 * orders). Returns its id.
 */
export async function insertQuotedJobService(
  tx: DbOrTx,
  job: {
    id: string;
    vendorId: string;
    categoryId: string;
    title: string;
    description: string;
    /** Minor units of `currency`. */
    price: number;
    currency: string;
    durationMinutes: number;
    now: Date;
  },
): Promise<string> {
  const { now, ...row } = job;
  await tx.insert(services).values({ ...row, active: false, archivedAt: now, createdAt: now });
  return job.id;
}
