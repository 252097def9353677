/**
 * Drizzle queries of the admin console (issue #8). Every function takes `db | tx`; no policy and
 * no text for people. The console's lists and counts read across the marketplace (vendors,
 * users, orders, payments, support chats) as one read model; its writes are the decisions it
 * owns — a vendor's vetting status, a user's status, the audit log — while money moves through
 * the payments domain and sessions end through the auth domain.
 */
import type { Role } from '@vetted/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  auditLog,
  categories,
  conversations,
  orders,
  payments,
  services,
  users,
  vendorDocuments,
  vendorProfiles,
} from '../../db/schema';
import { containsPattern } from '../conversations/policy';
import type { VettingStatus } from './policy';

/** A page request: 1-based `page`, `pageSize` rows. */
export interface PageRequest {
  page: number;
  pageSize: number;
}

const offsetOf = (p: PageRequest) => (p.page - 1) * p.pageSize;

/** `text` matched literally at the start of a column by ILIKE (`%`, `_`, `\` escaped). */
function prefixPattern(text: string): string {
  // containsPattern wraps in `%…%`; drop the leading one for a prefix match.
  return containsPattern(text).slice(1);
}

// ─── audit log ───────────────────────────────────────────────────────────────────────────────

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditSubjectType = 'vendor' | 'user' | 'payment' | 'order';

/** An audit entry with its actor's name (null when the actor's account is gone). */
export interface AuditView {
  entry: AuditRow;
  actorName: string | null;
}

/** Writes one audit entry. `detail`: the reason, amount or other facts of the decision. */
export async function insertAudit(
  db: DbOrTx,
  row: {
    id: string;
    actorId: string;
    action: string;
    subjectType: AuditSubjectType;
    subjectId: string;
    detail: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await db.insert(auditLog).values({
    id: row.id,
    actorId: row.actorId,
    action: row.action,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    detail: row.detail,
    createdAt: row.at,
  });
}

function auditQuery(db: DbOrTx) {
  return db
    .select({ entry: auditLog, actorName: users.fullName })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId));
}

/** Every entry about one subject, newest first. */
export function auditOf(db: DbOrTx, subjectId: string): Promise<AuditView[]> {
  return auditQuery(db)
    .where(eq(auditLog.subjectId, subjectId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

/** A page of the audit log (optionally about one subject), newest first, and the total. */
export async function listAudit(
  db: DbOrTx,
  q: PageRequest & { subjectId?: string },
): Promise<{ rows: AuditView[]; total: number }> {
  const where = q.subjectId ? eq(auditLog.subjectId, q.subjectId) : undefined;
  const [rows, [counted]] = await Promise.all([
    auditQuery(db)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

// ─── vendors ─────────────────────────────────────────────────────────────────────────────────

const vendorOwners = alias(users, 'vendor_owner');

/** A vendor with what the queue and its detail show. */
export interface VendorRow {
  id: string;
  userId: string;
  businessName: string;
  tagline: string;
  bio: string;
  ownerName: string;
  ownerEmail: string;
  categorySlug: string | null;
  categoryName: string | null;
  city: string;
  country: string;
  serviceRadiusKm: number;
  timeZone: string;
  vettingStatus: VettingStatus;
  vettingReason: string | null;
  submittedAt: Date | null;
  vettingUpdatedAt: Date | null;
  documentCount: number;
  serviceCount: number;
  createdAt: Date;
}

function vendorQuery(db: DbOrTx) {
  const vp = vendorProfiles;
  return db
    .select({
      id: vp.id,
      userId: vp.userId,
      businessName: vp.businessName,
      tagline: vp.tagline,
      bio: vp.bio,
      ownerName: vendorOwners.fullName,
      ownerEmail: vendorOwners.email,
      categorySlug: categories.slug,
      categoryName: categories.name,
      city: vp.city,
      country: vp.country,
      serviceRadiusKm: vp.serviceRadiusKm,
      timeZone: vp.timeZone,
      vettingStatus: vp.vettingStatus,
      vettingReason: vp.vettingReason,
      submittedAt: vp.submittedAt,
      vettingUpdatedAt: vp.vettingUpdatedAt,
      documentCount: sql<number>`(select count(*)::int from ${vendorDocuments} where ${vendorDocuments.vendorId} = ${vp.id})`,
      // Services the vendor has not deleted (archived ones only keep old orders' records).
      serviceCount: sql<number>`(select count(*)::int from ${services} where ${services.vendorId} = ${vp.id} and ${services.archivedAt} is null)`,
      createdAt: vp.createdAt,
    })
    .from(vp)
    .innerJoin(vendorOwners, eq(vendorOwners.id, vp.userId))
    .leftJoin(categories, eq(categories.id, vp.primaryCategoryId));
}

/**
 * A page of vendors, by vetting status and/or business name or owner email (contains, case
 * insensitive), and the total. Pending ones oldest submission first (the vetting queue: first
 * come, first served); otherwise the latest decision (or sign-up) first.
 */
export async function listVendors(
  db: DbOrTx,
  q: PageRequest & { status?: VettingStatus; q?: string },
): Promise<{ rows: VendorRow[]; total: number }> {
  const vp = vendorProfiles;
  const parts: SQL[] = [];
  if (q.status) parts.push(eq(vp.vettingStatus, q.status));
  if (q.q) {
    const pattern = containsPattern(q.q);
    parts.push(or(ilike(vp.businessName, pattern), ilike(vendorOwners.email, pattern))!);
  }
  const where = parts.length ? and(...parts) : undefined;
  const order =
    q.status === 'pending'
      ? [sql`${vp.submittedAt} asc nulls last`, asc(vp.createdAt), asc(vp.id)]
      : [sql`coalesce(${vp.vettingUpdatedAt}, ${vp.createdAt}) desc`, desc(vp.id)];
  const [rows, [counted]] = await Promise.all([
    vendorQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(vp)
      .innerJoin(vendorOwners, eq(vendorOwners.id, vp.userId))
      .where(where),
  ]);
  return { rows: rows.map(numbers), total: Number(counted?.n ?? 0) };
}

/** Counts come back as strings from some drivers: make them numbers. */
function numbers(row: VendorRow): VendorRow {
  return {
    ...row,
    documentCount: Number(row.documentCount),
    serviceCount: Number(row.serviceCount),
    serviceRadiusKm: Number(row.serviceRadiusKm),
  };
}

/** One vendor, or null. */
export async function getVendor(db: DbOrTx, id: string): Promise<VendorRow | null> {
  const [row] = await vendorQuery(db).where(eq(vendorProfiles.id, id));
  return row ? numbers(row) : null;
}

/** The vendor's row locked `FOR UPDATE` (a decision reads and writes its status), or null. */
export async function lockVendor(
  tx: DbOrTx,
  id: string,
): Promise<{
  id: string;
  userId: string;
  businessName: string;
  vettingStatus: VettingStatus;
} | null> {
  const [row] = await tx
    .select({
      id: vendorProfiles.id,
      userId: vendorProfiles.userId,
      businessName: vendorProfiles.businessName,
      vettingStatus: vendorProfiles.vettingStatus,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.id, id))
    .for('update');
  return row ?? null;
}

/** The id of the vendor profile `userId` owns, or null (customers and admins have none). */
export async function vendorIdOfUser(db: DbOrTx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row?.id ?? null;
}

/** Sets a vendor's vetting status, the reason shown to them (null clears it) and when. */
export async function setVetting(
  tx: DbOrTx,
  id: string,
  v: { status: VettingStatus; reason: string | null; at: Date },
): Promise<void> {
  await tx
    .update(vendorProfiles)
    .set({ vettingStatus: v.status, vettingReason: v.reason, vettingUpdatedAt: v.at })
    .where(eq(vendorProfiles.id, id));
}

export type DocumentRow = typeof vendorDocuments.$inferSelect;

/** The vendor's documents, oldest first. */
export function documentsOf(db: DbOrTx, vendorId: string): Promise<DocumentRow[]> {
  return db
    .select()
    .from(vendorDocuments)
    .where(eq(vendorDocuments.vendorId, vendorId))
    .orderBy(asc(vendorDocuments.createdAt), asc(vendorDocuments.id));
}

/** One document of one vendor; null when unknown or another vendor's. */
export async function documentOf(
  db: DbOrTx,
  vendorId: string,
  documentId: string,
): Promise<DocumentRow | null> {
  const [row] = await db
    .select()
    .from(vendorDocuments)
    .where(and(eq(vendorDocuments.id, documentId), eq(vendorDocuments.vendorId, vendorId)));
  return row ?? null;
}

/** The vendor's services it has not deleted (archived ones excluded), oldest first. */
export function servicesOf(db: DbOrTx, vendorId: string) {
  return db
    .select({
      id: services.id,
      title: services.title,
      price: services.price,
      currency: services.currency,
      active: services.active,
    })
    .from(services)
    .where(and(eq(services.vendorId, vendorId), isNull(services.archivedAt)))
    .orderBy(asc(services.createdAt), asc(services.id));
}

// ─── users ───────────────────────────────────────────────────────────────────────────────────

/** A user with what the console shows about them. */
export interface UserRow {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  role: Role;
  status: 'active' | 'suspended';
  avatarKey: string | null;
  vendorId: string | null;
  emailVerifiedAt: Date | null;
  deletedAt: Date | null;
  orderCount: number;
  createdAt: Date;
}

function userQuery(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      avatarKey: users.avatarKey,
      vendorId: vendorProfiles.id,
      emailVerifiedAt: users.emailVerifiedAt,
      deletedAt: users.deletedAt,
      // Bookings made (a customer) or received (a pro's business).
      orderCount: sql<number>`(select count(*)::int from ${orders} where ${orders.customerId} = ${users.id} or ${orders.vendorId} = ${vendorProfiles.id})`,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(vendorProfiles, eq(vendorProfiles.userId, users.id));
}

/** A page of users by name or email (contains), role and status, newest first, and the total. */
export async function listUsers(
  db: DbOrTx,
  q: PageRequest & { q?: string; role?: Role; status?: 'active' | 'suspended' },
): Promise<{ rows: UserRow[]; total: number }> {
  const parts: SQL[] = [];
  if (q.role) parts.push(eq(users.role, q.role));
  if (q.status) parts.push(eq(users.status, q.status));
  if (q.q) {
    const pattern = containsPattern(q.q);
    parts.push(or(ilike(users.fullName, pattern), ilike(users.email, pattern))!);
  }
  const where = parts.length ? and(...parts) : undefined;
  const [rows, [counted]] = await Promise.all([
    userQuery(db)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, orderCount: Number(r.orderCount) })),
    total: Number(counted?.n ?? 0),
  };
}

/** One user, or null. */
export async function getUser(db: DbOrTx, id: string): Promise<UserRow | null> {
  const [row] = await userQuery(db).where(eq(users.id, id));
  return row ? { ...row, orderCount: Number(row.orderCount) } : null;
}

/** The user's row locked `FOR UPDATE`, or null. */
export async function lockUser(tx: DbOrTx, id: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      email: users.email,
      fullName: users.fullName,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row ?? null;
}

/** Sets a user's account status. */
export async function setUserStatus(
  tx: DbOrTx,
  id: string,
  status: 'active' | 'suspended',
): Promise<void> {
  await tx.update(users).set({ status }).where(eq(users.id, id));
}

// ─── orders ──────────────────────────────────────────────────────────────────────────────────

/** An order as the console's list shows it. */
export interface OrderListRow {
  id: string;
  reference: string;
  status: (typeof orders.$inferSelect)['status'];
  customerName: string;
  vendorName: string;
  serviceTitle: string;
  startsAt: Date;
  total: number;
  currency: string;
  createdAt: Date;
}

/**
 * A page of orders, newest first, and the total. `q` matches a reference exactly or by its
 * start (`reference`: the typed text in stored form), or a customer's name or email, or the
 * pro's business name (contains).
 */
export async function listOrders(
  db: DbOrTx,
  q: PageRequest & { q?: string; reference?: string; status?: OrderListRow['status'] },
): Promise<{ rows: OrderListRow[]; total: number }> {
  const parts: SQL[] = [];
  if (q.status) parts.push(eq(orders.status, q.status));
  if (q.q) {
    const pattern = containsPattern(q.q);
    parts.push(
      or(
        ilike(orders.reference, prefixPattern(q.reference ?? q.q)),
        ilike(users.fullName, pattern),
        ilike(users.email, pattern),
        ilike(vendorProfiles.businessName, pattern),
      )!,
    );
  }
  const where = parts.length ? and(...parts) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: orders.id,
        reference: orders.reference,
        status: orders.status,
        customerName: users.fullName,
        vendorName: vendorProfiles.businessName,
        serviceTitle: services.title,
        startsAt: orders.startsAt,
        total: orders.total,
        currency: orders.currency,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
      .innerJoin(services, eq(services.id, orders.serviceId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customerId))
      .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
      .where(where),
  ]);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Both parties of an order as the console shows them, or null for an unknown order. */
export async function orderParties(db: DbOrTx, orderId: string) {
  const [row] = await db
    .select({
      customer: { id: users.id, fullName: users.fullName, email: users.email },
      vendor: {
        id: vendorProfiles.id,
        businessName: vendorProfiles.businessName,
        ownerEmail: vendorOwners.email,
      },
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.customerId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .innerJoin(vendorOwners, eq(vendorOwners.id, vendorProfiles.userId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

// ─── overview ────────────────────────────────────────────────────────────────────────────────

/** How many vendors are in each vetting status (statuses without vendors are absent). */
export async function vendorCountsByStatus(db: DbOrTx): Promise<Map<VettingStatus, number>> {
  const rows = await db
    .select({ status: vendorProfiles.vettingStatus, n: count() })
    .from(vendorProfiles)
    .groupBy(vendorProfiles.vettingStatus);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Support chats not resolved. */
export async function openSupportChats(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.kind, 'support'), eq(conversations.status, 'open')));
  return Number(row?.n ?? 0);
}

/** Orders in one of `statuses` whose slot starts in `[from, to)`. */
export async function bookingsBetween(
  db: DbOrTx,
  from: Date,
  to: Date,
  statuses: readonly OrderListRow['status'][],
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        gte(orders.startsAt, from),
        lt(orders.startsAt, to),
        inArray(orders.status, [...statuses]),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Captured booking payments (`kind = 'order'`: tips excluded) since `since`, summed per currency
 * (minor units), largest first.
 */
export async function capturedSince(
  db: DbOrTx,
  since: Date,
): Promise<{ currency: string; amount: number }[]> {
  const rows = await db
    .select({
      currency: payments.currency,
      amount: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint`,
    })
    .from(payments)
    .where(and(eq(payments.kind, 'order'), gte(payments.capturedAt, since)))
    .groupBy(payments.currency)
    .orderBy(desc(sql`sum(${payments.amount})`), asc(payments.currency));
  return rows.map((r) => ({ currency: r.currency, amount: Number(r.amount) }));
}
