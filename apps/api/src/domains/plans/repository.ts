/** Queries of the plans domain: `plans` and `plan_skips` (its tables), and reads of its visits. */
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { orders, planSkips, plans, services, users, vendorProfiles } from '../../db/schema';

export type PlanRow = typeof plans.$inferSelect;
export type NewPlanRow = typeof plans.$inferInsert;

/** A plan with what its pages and notices show about its service and both parties. */
export interface PlanView {
  plan: PlanRow;
  serviceTitle: string;
  serviceDuration: number;
  servicePrice: number;
  currency: string;
  businessName: string;
  vendorUserId: string;
  customerName: string;
  customerEmail: string;
  vendorEmail: string;
}

const vendorUser = alias(users, 'vendor_user');

function viewQuery(db: DbOrTx) {
  return db
    .select({
      plan: plans,
      serviceTitle: services.title,
      serviceDuration: services.durationMinutes,
      servicePrice: services.price,
      currency: services.currency,
      businessName: vendorProfiles.businessName,
      vendorUserId: vendorProfiles.userId,
      customerName: users.fullName,
      customerEmail: users.email,
      vendorEmail: vendorUser.email,
    })
    .from(plans)
    .innerJoin(services, eq(services.id, plans.serviceId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, plans.vendorId))
    .innerJoin(users, eq(users.id, plans.customerId))
    .innerJoin(vendorUser, eq(vendorUser.id, vendorProfiles.userId));
}

/** The plan `id` with its service and parties, or null. */
export async function loadPlanView(db: DbOrTx, id: string): Promise<PlanView | null> {
  const [row] = await viewQuery(db).where(eq(plans.id, id));
  return row ?? null;
}

/** The customer's plans, newest first. */
export function plansOfCustomer(db: DbOrTx, customerId: string): Promise<PlanView[]> {
  return viewQuery(db).where(eq(plans.customerId, customerId)).orderBy(desc(plans.createdAt));
}

/** The pro's plans (by their account), pending ones first, then newest first. */
export function plansOfVendorUser(db: DbOrTx, userId: string): Promise<PlanView[]> {
  return viewQuery(db)
    .where(eq(vendorProfiles.userId, userId))
    .orderBy(sql`${plans.status} = 'pending' desc`, desc(plans.createdAt));
}

/** Ids of plans in `statuses`, oldest first (the visit-creating job's pass). */
export async function planIdsIn(db: DbOrTx, statuses: PlanRow['status'][]): Promise<string[]> {
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(inArray(plans.status, statuses))
    .orderBy(asc(plans.createdAt));
  return rows.map((r) => r.id);
}

/** Locks the plan row for a change in `tx`; null when there is none. */
export async function lockPlan(tx: DbOrTx, id: string): Promise<PlanRow | null> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('no key update');
  return row ?? null;
}

export async function insertPlan(tx: DbOrTx, row: NewPlanRow): Promise<void> {
  await tx.insert(plans).values(row);
}

export async function updatePlan(
  tx: DbOrTx,
  id: string,
  patch: Partial<NewPlanRow>,
): Promise<void> {
  await tx.update(plans).set(patch).where(eq(plans.id, id));
}

/** The starts (epoch ms) of the plan's skipped visits. */
export async function skippedStarts(db: DbOrTx, planId: string): Promise<Set<number>> {
  const rows = await db
    .select({ startsAt: planSkips.startsAt })
    .from(planSkips)
    .where(eq(planSkips.planId, planId));
  return new Set(rows.map((r) => r.startsAt.getTime()));
}

/** Records a skipped visit (once: a repeat changes nothing). */
export async function insertSkip(tx: DbOrTx, planId: string, startsAt: Date, now: Date) {
  await tx.insert(planSkips).values({ planId, startsAt, createdAt: now }).onConflictDoNothing();
}

/** One visit's order as the plan shows it. */
export interface VisitOrderRow {
  id: string;
  visit: number;
  startsAt: Date;
  status: (typeof orders.$inferSelect)['status'];
}

/** The orders of the plan's visits, oldest first. */
export async function visitOrders(db: DbOrTx, planId: string): Promise<VisitOrderRow[]> {
  const rows = await db
    .select({
      id: orders.id,
      visit: orders.planVisit,
      startsAt: orders.startsAt,
      status: orders.status,
    })
    .from(orders)
    .where(and(eq(orders.planId, planId), isNotNull(orders.planVisit)))
    .orderBy(asc(orders.startsAt));
  return rows.map((r) => ({ ...r, visit: r.visit ?? 1 }));
}
