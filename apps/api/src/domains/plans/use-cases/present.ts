/** The contract `Plan` of a plan: its price, card and visits (created, skipped, scheduled). */
import type { Plan, PlanVisit } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { bookingFee } from '../../orders';
import type { PlansContext } from '../deps';
import * as policy from '../policy';
import * as repo from '../repository';

/** How many not yet booked visits a plan lists ahead. */
const SCHEDULED_AHEAD = 8;

/** The plan's visits: every visit order, then the next unbooked ones (skipped ones marked). */
async function visitsOf(db: DbOrTx, plan: repo.PlanRow, now: Date): Promise<PlanVisit[]> {
  const [orders, skips] = await Promise.all([
    repo.visitOrders(db, plan.id),
    repo.skippedStarts(db, plan.id),
  ]);
  const booked = new Set(orders.map((o) => o.visit));
  const out: PlanVisit[] = orders.map((o) => ({
    visit: o.visit,
    startsAt: o.startsAt.toISOString(),
    orderId: o.id,
    // A visit skipped once its order existed: the order was cancelled for the skip.
    status: skips.has(o.startsAt.getTime()) && o.status === 'cancelled' ? 'skipped' : o.status,
  }));
  const live = plan.status === 'pending' || plan.status === 'active' || plan.status === 'paused';
  if (live) {
    for (const v of policy.nextVisits(plan, now.getTime(), SCHEDULED_AHEAD + booked.size)) {
      if (booked.has(v.visit)) continue;
      out.push({
        visit: v.visit,
        startsAt: v.startsAt.toISOString(),
        orderId: null,
        status: skips.has(v.startsAt.getTime()) ? 'skipped' : 'scheduled',
      });
      if (out.length - orders.length >= SCHEDULED_AHEAD) break;
    }
  }
  return out.sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

/** The card visits are charged to: the plan's, else the one the first visit's checkout saved. */
async function cardOf(ctx: PlansContext, plan: repo.PlanRow, firstOrderId: string | null) {
  const card = plan.savedPaymentMethodId
    ? await ctx.payments.savedCard(ctx.db, plan.savedPaymentMethodId)
    : firstOrderId
      ? await ctx.payments.savedCardOfOrder(ctx.db, firstOrderId)
      : null;
  return card ? { last4: card.last4 } : null;
}

/** The contract `Plan` of `view` at the service clock's now. */
export async function planDto(ctx: PlansContext, view: repo.PlanView): Promise<Plan> {
  const p = view.plan;
  const visits = await visitsOf(ctx.db, p, ctx.clock.now());
  const firstOrderId = visits.find((v) => v.visit === 1)?.orderId ?? null;
  const fee = bookingFee(view.servicePrice);
  const money = (amount: number) => ({ amount, currency: view.currency });
  return {
    id: p.id,
    status: p.status,
    frequency: p.frequency,
    service: { id: p.serviceId, title: view.serviceTitle, durationMinutes: view.serviceDuration },
    vendor: { id: p.vendorId, businessName: view.businessName, timeZone: p.timeZone },
    customer: { id: p.customerId, fullName: view.customerName },
    startsAt: p.startsAt.toISOString(),
    localTime: p.localTime,
    timeZone: p.timeZone,
    until: p.until?.toISOString() ?? null,
    address: p.address,
    notes: p.notes,
    price: {
      subtotal: money(view.servicePrice),
      fee: money(fee),
      total: money(view.servicePrice + fee),
    },
    card: await cardOf(ctx, p, firstOrderId),
    firstOrderId,
    visits,
    createdAt: p.createdAt.toISOString(),
    acceptedAt: p.acceptedAt?.toISOString() ?? null,
    pausedAt: p.pausedAt?.toISOString() ?? null,
    cancelledAt: p.cancelledAt?.toISOString() ?? null,
  };
}

/** Re-reads plan `id` and answers its `Plan`. */
export async function freshPlan(ctx: PlansContext, id: string): Promise<Plan> {
  const view = await repo.loadPlanView(ctx.db, id);
  if (!view) throw new Error(`plan ${id} vanished`);
  return planDto(ctx, view);
}
