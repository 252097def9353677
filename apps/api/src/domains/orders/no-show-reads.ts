/** Reads of no-shows for other domains: the pro's reliability record. */
import { and, count, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema';
import { reliabilitySince } from './no-show-policy';

/**
 * How many of vendor `vendorId`'s bookings their customers reported as "Pro didn't come"
 * (`no_show_by = 'vendor'`) in the reliability window ending at `now`
 * (`NO_SHOW_POLICY.reliabilityWindowMs`, 90 days), counted by when it was recorded.
 */
export async function vendorNoShowCount(db: DbOrTx, vendorId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.vendorId, vendorId),
        eq(orders.noShowBy, 'vendor'),
        gte(orders.noShowAt, reliabilitySince(now)),
      ),
    );
  return row?.n ?? 0;
}
