/**
 * Drizzle queries of notification preferences: table `notification_preferences`
 * holds one row per user, kind and channel that differs from the default (on). No policy here.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';

/** A stored switch: `channel` is `in_app` | `email` | `push`. */
export interface PreferenceRow {
  kind: string;
  channel: string;
  enabled: boolean;
}

/** Every stored switch of `userId`. */
export function listPreferences(db: DbOrTx, userId: string): Promise<PreferenceRow[]> {
  return db
    .select({
      kind: notificationPreferences.kind,
      channel: notificationPreferences.channel,
      enabled: notificationPreferences.enabled,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

/** Replaces the stored switches of `kinds` with `rows` (call inside a transaction). */
export async function replacePreferences(
  db: DbOrTx,
  userId: string,
  kinds: string[],
  rows: PreferenceRow[],
): Promise<void> {
  if (kinds.length > 0) {
    await db
      .delete(notificationPreferences)
      .where(
        and(
          eq(notificationPreferences.userId, userId),
          inArray(notificationPreferences.kind, kinds),
        ),
      );
  }
  if (rows.length > 0) {
    await db.insert(notificationPreferences).values(rows.map((r) => ({ userId, ...r })));
  }
}

/** Deletes every stored switch of `userId` (account deletion). */
export async function deletePreferences(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
}

/**
 * What delivery to `userId` on `channel` for `kind` depends on: whether the account is deleted
 * and its stored switch (null: none stored, i.e. the default). Null when there is no such user.
 */
export async function deliveryFactsById(
  db: DbOrTx,
  userId: string,
  kind: string,
  channel: string,
): Promise<{ deleted: boolean; enabled: boolean | null } | null> {
  const [row] = await db
    .select({ deletedAt: users.deletedAt, enabled: notificationPreferences.enabled })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, users.id),
        eq(notificationPreferences.kind, kind),
        eq(notificationPreferences.channel, channel),
      ),
    )
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { deleted: row.deletedAt !== null, enabled: row.enabled } : null;
}

/** {@link deliveryFactsById} for the account whose address is `email` (a mail's recipient). */
export async function deliveryFactsByEmail(
  db: DbOrTx,
  email: string,
  kind: string,
  channel: string,
): Promise<{ deleted: boolean; enabled: boolean | null } | null> {
  const [row] = await db
    .select({ deletedAt: users.deletedAt, enabled: notificationPreferences.enabled })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, users.id),
        eq(notificationPreferences.kind, kind),
        eq(notificationPreferences.channel, channel),
      ),
    )
    .where(eq(users.email, email.toLowerCase()))
    .limit(1);
  return row ? { deleted: row.deletedAt !== null, enabled: row.enabled } : null;
}
