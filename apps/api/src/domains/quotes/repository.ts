/**
 * Queries of the quotes domain: `quote_requests`, `quote_leads` and `quotes` (its tables, the
 * only ones it writes), and reads of the pros, customers and orders they show and match on.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  categories,
  orders,
  quoteLeads,
  quoteRequests,
  quotes,
  users,
  vendorProfiles,
} from '../../db/schema';
import { distanceKmSql, vendorInCategorySql } from '../catalogue';
import { PAID_ORDER_STATUSES } from './policy';

/** Rows of the domain's tables. */
export type RequestRow = typeof quoteRequests.$inferSelect;
export type LeadRow = typeof quoteLeads.$inferSelect;
export type QuoteRow = typeof quotes.$inferSelect;

/** A pro as quotes show, match and tell them. */
export interface VendorInfo {
  id: string;
  userId: string;
  slug: string | null;
  businessName: string;
  avatarKey: string | null;
  email: string;
  country: string;
  timeZone: string;
  ratingAverage: number;
  ratingCount: number;
  responseMinutesMedian: number | null;
  responseWithin4hBps: number | null;
  responseSampleSize: number;
  /** Currencies of the pro's active services (the first is the one they quote in). */
  serviceCurrencies: string[];
}

const vendorColumns = {
  id: vendorProfiles.id,
  userId: vendorProfiles.userId,
  slug: vendorProfiles.slug,
  businessName: vendorProfiles.businessName,
  avatarKey: users.avatarKey,
  email: users.email,
  country: vendorProfiles.country,
  timeZone: vendorProfiles.timeZone,
  ratingAverage: vendorProfiles.ratingAverage,
  ratingCount: vendorProfiles.ratingCount,
  responseMinutesMedian: vendorProfiles.responseMinutesMedian,
  responseWithin4hBps: vendorProfiles.responseWithin4hBps,
  responseSampleSize: vendorProfiles.responseSampleSize,
  serviceCurrencies: vendorProfiles.serviceCurrencies,
};

/** The category of `slug`, or null. */
export async function categoryBySlug(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(eq(categories.slug, slug));
  return row ?? null;
}

/** A pro that could get a request, with what matching checks and ranks. */
export interface CandidateRow extends VendorInfo {
  approved: boolean;
  inCategory: boolean;
  distanceKm: number;
  radiusKm: number;
}

function candidateQuery(db: DbOrTx, categoryId: string, at: { lat: number; lng: number }) {
  return db
    .select({
      ...vendorColumns,
      approved: sql<boolean>`${vendorProfiles.vettingStatus} = 'approved'`,
      inCategory: sql<boolean>`${vendorInCategorySql(categoryId)}`,
      distanceKm: distanceKmSql(at.lat, at.lng),
      radiusKm: vendorProfiles.serviceRadiusKm,
    })
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId));
}

/** Numbers may arrive as text from a driver: the row with them as numbers. */
function numeric(row: CandidateRow): CandidateRow {
  return { ...row, distanceKm: Number(row.distanceKm), radiusKm: Number(row.radiusKm) };
}

/**
 * Approved pros of the category whose service area (base + `serviceRadiusKm`) covers `at`
 * (great-circle km, earthdistance), in no particular order: policy `rankMatches` orders them.
 */
export async function matchingVendors(
  db: DbOrTx,
  categoryId: string,
  at: { lat: number; lng: number },
): Promise<CandidateRow[]> {
  const rows = await candidateQuery(db, categoryId, at).where(
    and(
      sql`${vendorProfiles.vettingStatus} = 'approved'`,
      vendorInCategorySql(categoryId),
      sql`${distanceKmSql(at.lat, at.lng)} <= ${vendorProfiles.serviceRadiusKm}`,
    ),
  );
  return (rows as CandidateRow[]).map(numeric);
}

/** One pro as a candidate for a request of `categoryId` at `at`, or null when unknown. */
export async function candidate(
  db: DbOrTx,
  vendorId: string,
  categoryId: string,
  at: { lat: number; lng: number },
): Promise<CandidateRow | null> {
  const [row] = await candidateQuery(db, categoryId, at).where(eq(vendorProfiles.id, vendorId));
  return row ? numeric(row as CandidateRow) : null;
}

/** The pro profile of account `userId`, or null. */
export async function vendorOfUser(db: DbOrTx, userId: string): Promise<VendorInfo | null> {
  const [row] = await db
    .select(vendorColumns)
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(eq(vendorProfiles.userId, userId));
  return row ?? null;
}

/** The pros `ids`, by id. */
export async function vendorsByIds(db: DbOrTx, ids: string[]): Promise<Map<string, VendorInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select(vendorColumns)
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(inArray(vendorProfiles.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** A request with its category and customer. */
export interface RequestView {
  request: RequestRow;
  category: { slug: string; name: string };
  customerName: string;
  customerEmail: string;
}

function requestQuery(db: DbOrTx) {
  return db
    .select({
      request: quoteRequests,
      category: { slug: categories.slug, name: categories.name },
      customerName: users.fullName,
      customerEmail: users.email,
    })
    .from(quoteRequests)
    .innerJoin(categories, eq(categories.id, quoteRequests.categoryId))
    .innerJoin(users, eq(users.id, quoteRequests.customerId));
}

/** The request `id` with its category and customer, or null. */
export async function loadRequest(db: DbOrTx, id: string): Promise<RequestView | null> {
  const [row] = await requestQuery(db).where(eq(quoteRequests.id, id));
  return row ?? null;
}

/** The customer's requests, newest first. */
export function requestsOfCustomer(db: DbOrTx, customerId: string): Promise<RequestView[]> {
  return requestQuery(db)
    .where(eq(quoteRequests.customerId, customerId))
    .orderBy(desc(quoteRequests.createdAt), desc(quoteRequests.id));
}

/** Locks the request row (`FOR UPDATE`) for a change in `tx`; null when there is none. */
export async function lockRequest(tx: DbOrTx, id: string): Promise<RequestRow | null> {
  const [row] = await tx.select().from(quoteRequests).where(eq(quoteRequests.id, id)).for('update');
  return row ?? null;
}

/** Writes a new request (in the creating transaction). */
export async function insertRequest(tx: DbOrTx, row: typeof quoteRequests.$inferInsert) {
  await tx.insert(quoteRequests).values(row);
}

/** Changes request `id` (its row locked by the caller). */
export async function updateRequest(
  tx: DbOrTx,
  id: string,
  patch: Partial<typeof quoteRequests.$inferInsert>,
) {
  await tx.update(quoteRequests).set(patch).where(eq(quoteRequests.id, id));
}

/** Writes the leads of a new request. */
export async function insertLeads(tx: DbOrTx, rows: (typeof quoteLeads.$inferInsert)[]) {
  if (rows.length > 0) await tx.insert(quoteLeads).values(rows);
}

/** Changes lead `id` (its request locked by the caller). */
export async function updateLead(
  tx: DbOrTx,
  id: string,
  patch: Partial<typeof quoteLeads.$inferInsert>,
) {
  await tx.update(quoteLeads).set(patch).where(eq(quoteLeads.id, id));
}

/** Writes a pro's quote. */
export async function insertQuote(tx: DbOrTx, row: typeof quotes.$inferInsert) {
  await tx.insert(quotes).values(row);
}

/** Changes quote `id` (its request locked by the caller). */
export async function updateQuote(
  tx: DbOrTx,
  id: string,
  patch: Partial<typeof quotes.$inferInsert>,
) {
  await tx.update(quotes).set(patch).where(eq(quotes.id, id));
}

/** The leads of a request (best rank first) with their quote, if any. */
export async function leadsOf(
  db: DbOrTx,
  requestId: string,
): Promise<{ lead: LeadRow; quote: QuoteRow | null }[]> {
  return db
    .select({ lead: quoteLeads, quote: quotes })
    .from(quoteLeads)
    .leftJoin(quotes, eq(quotes.leadId, quoteLeads.id))
    .where(eq(quoteLeads.requestId, requestId))
    .orderBy(quoteLeads.rank);
}

/** The leads of several requests with their quotes (the customer's list). */
export async function leadsOfRequests(db: DbOrTx, requestIds: string[]) {
  if (requestIds.length === 0) return [];
  return db
    .select({ lead: quoteLeads, quote: quotes })
    .from(quoteLeads)
    .leftJoin(quotes, eq(quotes.leadId, quoteLeads.id))
    .where(inArray(quoteLeads.requestId, requestIds));
}

/** The pro's leads (newest first), of `status` when given, with request and quote. */
export async function leadsOfVendor(db: DbOrTx, vendorId: string, status?: LeadRow['status']) {
  const where = status
    ? and(eq(quoteLeads.vendorId, vendorId), eq(quoteLeads.status, status))
    : eq(quoteLeads.vendorId, vendorId);
  return db
    .select({
      lead: quoteLeads,
      quote: quotes,
      request: quoteRequests,
      category: { slug: categories.slug, name: categories.name },
      customerName: users.fullName,
    })
    .from(quoteLeads)
    .innerJoin(quoteRequests, eq(quoteRequests.id, quoteLeads.requestId))
    .innerJoin(categories, eq(categories.id, quoteRequests.categoryId))
    .innerJoin(users, eq(users.id, quoteRequests.customerId))
    .leftJoin(quotes, eq(quotes.leadId, quoteLeads.id))
    .where(where)
    .orderBy(desc(quoteLeads.createdAt), desc(quoteLeads.id));
}

/** The quote `id`, or null. */
export async function findQuote(db: DbOrTx, id: string): Promise<QuoteRow | null> {
  const [row] = await db.select().from(quotes).where(eq(quotes.id, id));
  return row ?? null;
}

/** Locks the quote row in `tx` (taken after its request's lock, never before). */
export async function lockQuote(tx: DbOrTx, id: string): Promise<QuoteRow | null> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
  return row ?? null;
}

/** Locks the lead row in `tx` (after its request's lock). */
export async function lockLead(tx: DbOrTx, id: string): Promise<LeadRow | null> {
  const [row] = await tx.select().from(quoteLeads).where(eq(quoteLeads.id, id)).for('update');
  return row ?? null;
}

/** Of `vendorIds`, those with a paid order (policy `PAID_ORDER_STATUSES`) from `customerId`. */
export async function paidVendorsOf(
  db: DbOrTx,
  customerId: string,
  vendorIds: string[],
): Promise<Set<string>> {
  if (vendorIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ vendorId: orders.vendorId })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.vendorId, vendorIds),
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.vendorId));
}

/** Customer ids (of `customerIds`) with a paid order with the pro `vendorId`. */
export async function paidCustomersOf(
  db: DbOrTx,
  vendorId: string,
  customerIds: string[],
): Promise<Set<string>> {
  if (customerIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ customerId: orders.customerId })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        inArray(orders.customerId, customerIds),
        inArray(orders.status, [...PAID_ORDER_STATUSES]),
      ),
    );
  return new Set(rows.map((r) => r.customerId));
}
