/** The plan an order is a visit of, as `OrderDetail.plan` shows it ("Visit 3 of a weekly plan"). */
import type { OrderPlan } from '@vetted/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { plans } from '../../../db/schema';

/** `{ id, visit, frequency }` of the order's plan, or null for a one-off booking. */
export async function planOfOrder(
  db: DbOrTx,
  order: { planId: string | null; planVisit: number | null },
): Promise<OrderPlan | null> {
  if (!order.planId) return null;
  const [row] = await db
    .select({ frequency: plans.frequency })
    .from(plans)
    .where(eq(plans.id, order.planId));
  return row ? { id: order.planId, visit: order.planVisit ?? 1, frequency: row.frequency } : null;
}
