/**
 * Drizzle queries of the places domain (ARCHITECTURE §1a): a user's saved places
 * (`user_addresses`). Each takes `db` or a transaction and holds no policy and no text for people.
 * Every query is scoped by `user_id`, so one account never reads or writes another's places.
 */
import type { SavedAddress } from '@vetted/contract';
import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userAddresses } from '../../db/schema';

export type AddressRow = typeof userAddresses.$inferSelect;
export type NewAddressRow = typeof userAddresses.$inferInsert;
/** Columns a change may set (never the owner or the id). */
export type AddressPatch = Partial<
  Pick<
    AddressRow,
    'label' | 'line1' | 'city' | 'postcode' | 'country' | 'lat' | 'lng' | 'timeZone' | 'isDefault'
  >
>;

/** The API shape of a saved place (contract `savedAddressSchema`). */
export function toAddressDto(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    label: row.label,
    line1: row.line1,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    lat: row.lat,
    lng: row.lng,
    timeZone: row.timeZone,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The user's places: the default first, then newest first. */
export async function listAddresses(db: DbOrTx, userId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.isDefault), desc(userAddresses.createdAt), desc(userAddresses.id));
}

/** How many places the user has. */
export async function countAddresses(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId));
  return row?.n ?? 0;
}

/** The user's place `id`, or null (also when it belongs to someone else). */
export async function findAddress(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)));
  return row ?? null;
}

/** Inserts a place and answers the stored row. */
export async function insertAddress(db: DbOrTx, row: NewAddressRow): Promise<AddressRow> {
  const [inserted] = await db.insert(userAddresses).values(row).returning();
  return inserted!;
}

/** Changes the user's place `id`; answers the stored row, or null when there is none. */
export async function updateAddress(
  db: DbOrTx,
  userId: string,
  id: string,
  patch: AddressPatch,
): Promise<AddressRow | null> {
  const [row] = await db
    .update(userAddresses)
    .set(patch)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning();
  return row ?? null;
}

/**
 * Unsets the user's default place. Run before marking another one default: the partial unique
 * index `user_addresses_one_default_uq` allows one default per user at any moment.
 */
export async function clearDefault(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(userAddresses)
    .set({ isDefault: false })
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true)));
}

/** Deletes the user's place `id`; answers the deleted row, or null when there was none. */
export async function deleteAddress(
  db: DbOrTx,
  userId: string,
  id: string,
): Promise<AddressRow | null> {
  const [row] = await db
    .delete(userAddresses)
    .where(and(eq(userAddresses.id, id), eq(userAddresses.userId, userId)))
    .returning();
  return row ?? null;
}

/** The user's newest place (by creation time, then id), or null when there is none. */
export async function newestAddress(db: DbOrTx, userId: string): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(eq(userAddresses.userId, userId))
    .orderBy(desc(userAddresses.createdAt), desc(userAddresses.id))
    .limit(1);
  return row ?? null;
}

/** The user's default place, or null when they have none. */
export async function defaultAddress(db: DbOrTx, userId: string): Promise<AddressRow | null> {
  const [row] = await db
    .select()
    .from(userAddresses)
    .where(and(eq(userAddresses.userId, userId), eq(userAddresses.isDefault, true)))
    .limit(1);
  return row ?? null;
}

/** Deletes every saved place of the user (account deletion). */
export async function deleteSavedPlaces(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(userAddresses).where(eq(userAddresses.userId, userId));
}
