import type { AdminOverview } from '@vetted/contract';
import type { AdminDeps } from '../deps';
import {
  bookingsBetween,
  capturedSince,
  openSupportChats,
  vendorCountsByStatus,
} from '../orders-read-model';
import * as policy from '../policy';

/**
 * `GET /v1/admin/overview`: vendors waiting for vetting, support chats not resolved, orders
 * paid or further along whose slot starts today (UTC), approved vendors, and the captured
 * booking payments (tips excluded) of the last 30 days (`policy.GMV_WINDOW_MS`) per
 * currency, in minor units.
 */
export async function overview({
  db,
  clock,
}: Pick<AdminDeps, 'db' | 'clock'>): Promise<AdminOverview> {
  const now = clock.now();
  const today = policy.utcDay(now);
  const [byStatus, openChats, todaysBookings, gmv30d] = await Promise.all([
    vendorCountsByStatus(db),
    openSupportChats(db),
    bookingsBetween(db, today.start, today.end, policy.BOOKED_STATUSES),
    capturedSince(db, new Date(now.getTime() - policy.GMV_WINDOW_MS)),
  ]);
  return {
    pendingVettings: byStatus.get('pending') ?? 0,
    openSupportChats: openChats,
    todaysBookings,
    approvedVendors: byStatus.get('approved') ?? 0,
    gmv30d,
  };
}
