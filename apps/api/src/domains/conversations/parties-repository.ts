/**
 * Read model of the people a conversation is between: queries only over users, vendor profiles
 * and orders (owned by the users, vendors and orders domains), never a write. Every function
 * takes `db | tx`.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, users, vendorProfiles } from '../../db/schema';

/** A pro open for business (approved), with the account that answers for it. */
export async function findApprovedVendor(
  db: DbOrTx,
  vendorId: string,
): Promise<{ id: string; userId: string } | null> {
  const [row] = await db
    .select({ id: vendorProfiles.id, userId: vendorProfiles.userId })
    .from(vendorProfiles)
    .where(and(eq(vendorProfiles.id, vendorId), eq(vendorProfiles.vettingStatus, 'approved')));
  return row ?? null;
}

/** An order's parties: its customer, its pro and the pro's account. */
export async function findOrderParties(
  db: DbOrTx,
  orderId: string,
): Promise<{ id: string; customerId: string; vendorId: string; vendorUserId: string } | null> {
  const [row] = await db
    .select({
      id: orders.id,
      customerId: orders.customerId,
      vendorId: orders.vendorId,
      vendorUserId: vendorProfiles.userId,
    })
    .from(orders)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, orders.vendorId))
    .where(eq(orders.id, orderId));
  return row ?? null;
}

/** Ids of every active admin (the support team's sockets). */
export async function adminIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active')));
  return rows.map((r) => r.id);
}

export async function findUser(
  db: DbOrTx,
  id: string,
): Promise<{ id: string; email: string; fullName: string; role: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}
