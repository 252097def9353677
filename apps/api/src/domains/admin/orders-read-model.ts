/**
 * Read model of the console's orders and overview: queries only over orders, their parties and
 * services, payments, vendor profiles and support chats (owned by the orders, users, vendors,
 * catalogue, payments and conversations domains). Money moves through the payments domain.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { conversations, orders, payments, services, users, vendorProfiles } from '../../db/schema';
import { containsPattern } from '../../shared/text';
import type { VettingStatus } from './policy';
import { offsetOf, type PageRequest } from './repository';

const vendorOwners = alias(users, 'vendor_owner');

/** `text` matched literally at the start of a column by ILIKE (`%`, `_`, `\` escaped). */
function prefixPattern(text: string): string {
  // containsPattern wraps in `%…%`; drop the leading one for a prefix match.
  return containsPattern(text).slice(1);
}

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
