/**
 * A visit's money before it: its card authorised off-session 48 h before (then the order is
 * paid and accepted, as after a checkout), and its unpaid hold released 24 h before.
 */
import type { DbOrTx } from '../../../db/client';
import { enqueueMail } from '../../mail';
import { notify } from '../../notifications';
import { loadOrderFacts } from '../../orders';
import type { PlansContext } from '../deps';
import * as msg from '../messages';
import { visitDeadlines } from '../policy';
import * as repo from '../repository';
import { factsOf } from './context';

/** The plan's saved card id (stored on the plan once found on the first visit's payment). */
async function cardIdOf(ctx: PlansContext, plan: repo.PlanRow): Promise<string | null> {
  if (plan.savedPaymentMethodId) return plan.savedPaymentMethodId;
  const first = (await repo.visitOrders(ctx.db, plan.id)).find((v) => v.visit === 1);
  const card = first ? await ctx.payments.savedCardOfOrder(ctx.db, first.id) : null;
  if (card) await repo.updatePlan(ctx.db, plan.id, { savedPaymentMethodId: card.id });
  return card?.id ?? null;
}

/** Queues each notice in-app and by mail to its user, under `key`. */
export async function tell(
  ctx: PlansContext,
  tx: DbOrTx,
  view: repo.PlanView,
  notices: ReturnType<typeof msg.declinedNotices>,
  key: string,
) {
  await notify(
    tx,
    notices.map((n, i) => ({ ...n, key: `${key}:notice:${i}` })),
  );
  for (const [i, n] of notices.entries()) {
    const to = n.userId === view.plan.customerId ? view.customerEmail : view.vendorEmail;
    await enqueueMail(tx, msg.noticeMail(to, n, ctx.config.publicUrl), `${key}:mail:${i}`);
  }
}

/**
 * `plans.authorize-visit`: when the plan is still active and the visit's order unpaid, its
 * total is authorised on the plan's saved card (payments `authorizeOffSession`). Authorised:
 * the order is paid (receipt, reminders, the pro's notice) and accepted for the pro, who
 * accepted the plan once. Declined (or no card): customer and pro are told in-app and by mail
 * (keys under `key`); the order stays payable in checkout until its release at start − 24 h.
 */
export async function authorizeVisit(
  ctx: PlansContext,
  job: { planId: string; orderId: string },
  key: string,
): Promise<void> {
  const view = await repo.loadPlanView(ctx.db, job.planId);
  const order = await loadOrderFacts(ctx.db, job.orderId);
  if (view?.plan.status !== 'active' || !order) return;
  const pro = { id: view.vendorUserId, role: 'vendor' as const };
  const accept = () =>
    ctx.inTransaction((tx) =>
      ctx.visits.step(tx, { orderId: job.orderId, user: pro, action: 'accept' }),
    );
  // Paid already (a rerun after a crash between the authorisation and the accept, or the
  // customer paid in checkout after a decline): only the accept is left.
  if (order.order.status === 'paid') return void (await accept());
  if (order.order.status !== 'pending_payment') return;
  const cardId = await cardIdOf(ctx, view.plan);
  const outcome = cardId
    ? await ctx.payments.authorizeOffSession({ orderId: job.orderId, savedPaymentMethodId: cardId })
    : ({ status: 'declined', message: 'No card is saved for this plan.' } as const);
  if (outcome.status === 'authorized') return void (await accept());
  if (outcome.status !== 'declined') return;
  const startsAt = order.order.startsAt;
  const notices = msg.declinedNotices(factsOf(view), {
    orderId: job.orderId,
    startsAt,
    releaseAt: visitDeadlines(startsAt).releaseAt,
    message: outcome.message,
  });
  await ctx.inTransaction((tx) => tell(ctx, tx, view, notices, key));
}

/**
 * `plans.release-visit`: a visit still unpaid 24 h before it is cancelled (its slot freed,
 * orders `release`) and both sides are told in-app and by mail. A visit the customer paid in
 * checkout after a declined authorisation is accepted for the pro of an active plan, if the pro
 * has not accepted it by then; a cancelled or accepted one is left.
 */
export async function releaseVisit(
  ctx: PlansContext,
  job: { planId: string; orderId: string },
  key: string,
): Promise<void> {
  const view = await repo.loadPlanView(ctx.db, job.planId);
  if (!view) return;
  const order = await loadOrderFacts(ctx.db, job.orderId);
  if (order?.order.status === 'paid' && view.plan.status === 'active') {
    const pro = { id: view.vendorUserId, role: 'vendor' as const };
    await ctx.inTransaction((tx) =>
      ctx.visits.step(tx, { orderId: job.orderId, user: pro, action: 'accept' }),
    );
    return;
  }
  await ctx.inTransaction(async (tx) => {
    const released = await ctx.visits.release(
      tx,
      job.orderId,
      'Not paid 24 h before the visit: released',
    );
    if (!released) return;
    const notices = msg.releasedNotices(factsOf(view), released.order.startsAt, job.orderId);
    await tell(ctx, tx, view, notices, key);
  });
}
