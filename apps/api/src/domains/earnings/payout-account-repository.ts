/**
 * Payout account queries: one row per vendor profile in `payout_accounts` (last four digits and
 * the public routing number only; never a full account number).
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payoutAccounts, users, vendorProfiles } from '../../db/schema';

export type PayoutAccountRow = typeof payoutAccounts.$inferSelect;
export type NewPayoutAccountRow = typeof payoutAccounts.$inferInsert;

/** The payout account of vendor profile `vendorId`, or null. */
export async function payoutAccountOf(
  db: DbOrTx,
  vendorId: string,
): Promise<PayoutAccountRow | null> {
  const [row] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.vendorId, vendorId));
  return row ?? null;
}

/**
 * Locks (`FOR UPDATE`, for the transaction) and returns the payout account holding Stripe
 * connected account `stripeAccountId`, or null: a webhook and a read-back apply one at a time.
 */
export async function lockPayoutAccountByStripeId(
  tx: DbOrTx,
  stripeAccountId: string,
): Promise<PayoutAccountRow | null> {
  const [row] = await tx
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.stripeAccountId, stripeAccountId))
    .for('update');
  return row ?? null;
}

/** Inserts or replaces the vendor's payout account (one per vendor); returns the row. */
export async function upsertPayoutAccount(
  db: DbOrTx,
  row: NewPayoutAccountRow & { updatedAt: Date },
): Promise<PayoutAccountRow> {
  const { vendorId: _key, createdAt: _created, ...changes } = row;
  const [saved] = await db
    .insert(payoutAccounts)
    .values(row)
    .onConflictDoUpdate({ target: payoutAccounts.vendorId, set: changes })
    .returning();
  return saved!;
}

/** Updates the account of vendor `vendorId`; returns the row, or null when there is none. */
export async function updatePayoutAccount(
  db: DbOrTx,
  vendorId: string,
  changes: Partial<Omit<NewPayoutAccountRow, 'vendorId'>> & { updatedAt: Date },
): Promise<PayoutAccountRow | null> {
  const [saved] = await db
    .update(payoutAccounts)
    .set(changes)
    .where(eq(payoutAccounts.vendorId, vendorId))
    .returning();
  return saved ?? null;
}

/** The sign-in email of vendor profile `vendorId` (prefills Stripe onboarding), or null. */
export async function vendorEmail(db: DbOrTx, vendorId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(eq(vendorProfiles.id, vendorId));
  return row?.email ?? null;
}
