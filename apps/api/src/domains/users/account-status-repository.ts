/**
 * An account's status (`active | suspended`) as the users domain lets others change it: the
 * admin console suspends and reinstates accounts through these, with its transaction, so only
 * this domain writes `users`. Each takes `db | tx`.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The account's row locked `FOR UPDATE` until the transaction ends, with what a suspension
 * decision needs (role, status, deletion, where to mail), or null for an unknown id.
 */
export async function lockAccount(tx: DbOrTx, id: string) {
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

/** Sets an account's status (sign-in and token refresh check it). */
export async function setAccountStatus(
  tx: DbOrTx,
  id: string,
  status: 'active' | 'suspended',
): Promise<void> {
  await tx.update(users).set({ status }).where(eq(users.id, id));
}
