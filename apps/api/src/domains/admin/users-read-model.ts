/**
 * Read model of the console's user list and detail: queries only over users, vendor profiles
 * and orders (owned by the users, vendors and orders domains). Suspending or reinstating an
 * account goes through the users domain.
 */
import type { Role } from '@vetted/contract';
import { and, desc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders, users, vendorProfiles } from '../../db/schema';
import { containsPattern } from '../../shared/text';
import { offsetOf, type PageRequest } from './repository';

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
