/**
 * Pure rules of the signed-in user's account ("Profile and account"). No I/O.
 */
import type { OrderStatus } from '@vetted/contract';

/**
 * Orders that still need both parties: paid (awaiting the pro), accepted and in progress. While
 * an account has one (as customer or as the pro), it cannot be deleted.
 */
export const LIVE_ORDER_STATUSES = [
  'paid',
  'accepted',
  'in_progress',
] as const satisfies readonly OrderStatus[];

/** The name a deleted account shows wherever it appears (orders, reviews, messages). */
export const DELETED_USER_NAME = 'Deleted user';

/** What a deleted customer's orders keep instead of the address they typed. */
export const REMOVED_ADDRESS = 'Address removed (account deleted)';

/**
 * The unique, non-routable address a deleted account keeps (`users.email` is unique and not
 * null): the reserved `.invalid` TLD of RFC 2606 can never receive mail, and the mail handler
 * drops anything sent to it.
 */
export function deletedEmail(userId: string): string {
  return `deleted-${userId}@deleted.vetted.invalid`;
}

/** Storage key of a new avatar of `userId` (a fresh id per upload: cacheable forever). */
export function avatarStorageKey(userId: string, fileId: string): string {
  return `avatars/${userId}/${fileId}.webp`;
}

/** File name of a data export made at `now`, e.g. `vetted-data-2026-11-22.json` (UTC date). */
export function exportFileName(now: Date): string {
  return `vetted-data-${now.toISOString().slice(0, 10)}.json`;
}
