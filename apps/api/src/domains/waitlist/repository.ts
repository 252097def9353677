/**
 * Drizzle queries of the waitlist: each takes `db` or a transaction; no policy, no
 * text for people.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { services, users, vendorProfiles, waitlistEntries } from '../../db/schema';
import { LIVE_STATUSES, type WaitlistStatus } from './policy';

export type EntryRow = typeof waitlistEntries.$inferSelect;

/** An entry with what its screens, notices and slot checks need. */
export interface EntryView {
  entry: EntryRow;
  serviceTitle: string;
  durationMinutes: number;
  vendorId: string;
  businessName: string;
  timeZone: string;
  customerName: string;
  customerEmail: string;
}

function viewQuery(db: DbOrTx) {
  return db
    .select({
      entry: waitlistEntries,
      serviceTitle: services.title,
      durationMinutes: services.durationMinutes,
      vendorId: services.vendorId,
      businessName: vendorProfiles.businessName,
      timeZone: vendorProfiles.timeZone,
      customerName: users.fullName,
      customerEmail: users.email,
    })
    .from(waitlistEntries)
    .innerJoin(services, eq(services.id, waitlistEntries.serviceId))
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, services.vendorId))
    .innerJoin(users, eq(users.id, waitlistEntries.customerId));
}

const live = inArray(waitlistEntries.status, [...LIVE_STATUSES]);

/** Inserts a `waiting` entry unless the customer has a live one for the service and day. */
export async function insertWaiting(
  tx: DbOrTx,
  row: { id: string; serviceId: string; customerId: string; day: string; createdAt: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(waitlistEntries)
    .values({ ...row, status: 'waiting' })
    .onConflictDoNothing()
    .returning({ id: waitlistEntries.id });
  return inserted.length > 0;
}

/** The customer's live entry for a service and day (locked `FOR UPDATE` in a transaction), or null. */
export async function liveEntry(
  tx: DbOrTx,
  input: { serviceId: string; customerId: string; day: string; lock?: boolean },
): Promise<EntryView | null> {
  const where = and(
    eq(waitlistEntries.serviceId, input.serviceId),
    eq(waitlistEntries.customerId, input.customerId),
    eq(waitlistEntries.day, input.day),
    live,
  );
  const q = viewQuery(tx).where(where);
  const [row] = input.lock ? await q.for('update', { of: waitlistEntries }) : await q;
  return row ?? null;
}

/** One entry with its view, locked `FOR UPDATE` when asked, or null. */
export async function entryView(tx: DbOrTx, id: string, lock = false): Promise<EntryView | null> {
  const q = viewQuery(tx).where(eq(waitlistEntries.id, id));
  const [row] = lock ? await q.for('update', { of: waitlistEntries }) : await q;
  return row ?? null;
}

/** The customer's live entries (optionally of one service), soonest day first. */
export function listLive(db: DbOrTx, customerId: string, serviceId?: string): Promise<EntryView[]> {
  const conditions: SQL[] = [eq(waitlistEntries.customerId, customerId), live];
  if (serviceId) conditions.push(eq(waitlistEntries.serviceId, serviceId));
  return viewQuery(db)
    .where(and(...conditions))
    .orderBy(asc(waitlistEntries.day), asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** The `waiting` entries of every service of a vendor for `day`, first come first. */
export function waitingForVendorDay(
  tx: DbOrTx,
  vendorId: string,
  day: string,
): Promise<EntryView[]> {
  return viewQuery(tx)
    .where(
      and(
        eq(services.vendorId, vendorId),
        eq(waitlistEntries.day, day),
        eq(waitlistEntries.status, 'waiting'),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id));
}

/** Updates an entry. */
export async function updateEntry(
  tx: DbOrTx,
  id: string,
  set: {
    status: WaitlistStatus;
    offeredStartsAt?: Date | null;
    offerExpiresAt?: Date | null;
  },
): Promise<void> {
  await tx.update(waitlistEntries).set(set).where(eq(waitlistEntries.id, id));
}

/**
 * Marks the customer's live entries for a service and day `booked` (they booked a time that
 * day). Returns how many changed.
 */
export async function markBooked(
  tx: DbOrTx,
  input: { serviceId: string; customerId: string; day: string },
): Promise<number> {
  const rows = await tx
    .update(waitlistEntries)
    .set({ status: 'booked' })
    .where(
      and(
        eq(waitlistEntries.serviceId, input.serviceId),
        eq(waitlistEntries.customerId, input.customerId),
        eq(waitlistEntries.day, input.day),
        live,
      ),
    )
    .returning({ id: waitlistEntries.id });
  return rows.length;
}

/**
 * Takes the customer off every waitlist they wait on or hold an offer of (status `left`): the
 * deletion of their account (users domain), in its transaction `tx`.
 */
export async function leaveAll(tx: DbOrTx, customerId: string): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: 'left' })
    .where(and(eq(waitlistEntries.customerId, customerId), live));
}
