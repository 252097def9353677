/**
 * Handling verified Stripe events (see {@link createStripeWebhookService}); the route that
 * verifies them is payments/stripe-webhook.ts.
 */
import type Stripe from 'stripe';
import { AppError } from '../../../lib/errors';
import type { ServiceDeps } from '../../deps';
import { pushToUsers } from '../../notifications';
import { loadOrderFacts } from '../../orders';
import { authorizeKey, CONFIRMABLE } from '../policy';
import type { ConnectedAccountState } from '../provider';
import * as repo from '../repository';
import type { PaymentsService } from '../service';
import { connectedAccountState } from '../stripe-provider';
import { eventSeen, PROVIDER, paymentIdByRef, recordEvent } from '../webhook-repository';

/** The id of an expanded or bare Stripe reference. */
const refOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

export interface StripeWebhookDeps extends Pick<ServiceDeps, 'db' | 'clock' | 'log'> {
  payments: PaymentsService;
  /** Records what Stripe says of a pro's connected account; false when no pro holds it. */
  applyConnectedAccount: (account: ConnectedAccountState) => Promise<boolean>;
}

/** What handling an event came to: applied, a replay of a handled event, or nothing to do. */
export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

/** `payment_intent.amount_capturable_updated`: records the authorisation as a confirm would. */
async function capturable(
  deps: StripeWebhookDeps,
  intent: Stripe.PaymentIntent,
): Promise<WebhookOutcome> {
  const { db, log, payments: service } = deps;
  const paymentId = intent.metadata?.paymentId;
  const payment = paymentId ? await repo.getPayment(db, paymentId) : null;
  if (!payment || payment.provider !== PROVIDER) return 'ignored';
  const result = await service.providerFor(PROVIDER).authorize({
    paymentId: payment.id,
    ref: intent.id,
    amount: payment.amount,
    currency: payment.currency,
    idempotencyKey: payment.idempotencyKey ?? authorizeKey(payment.id, payment.attempt),
  });
  if (result.status !== 'authorized') return 'ignored';
  try {
    await service.applyAuthorization(payment.id, result.ref, result.last4);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    log.info(
      { paymentId: payment.id, ref: result.ref, code: err.code },
      'webhook authorisation not applied',
    );
  }
  return 'handled';
}

/** `payment_intent.payment_failed`: an open payment becomes `failed` with Stripe's message. */
async function failed(
  deps: StripeWebhookDeps,
  event: Stripe.Event,
  intent: Stripe.PaymentIntent,
): Promise<WebhookOutcome> {
  const { db, clock } = deps;
  return db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event, clock.now()))) return 'duplicate';
    const paymentId = intent.metadata?.paymentId;
    const p = paymentId ? await repo.lockPayment(tx, paymentId) : null;
    if (!p || p.provider !== PROVIDER || p.providerRef !== intent.id) return 'ignored';
    if (!CONFIRMABLE.includes(p.status)) return 'ignored'; // authorised since: stale event
    const error = intent.last_payment_error;
    await repo.updatePayment(tx, p.id, {
      status: 'failed',
      failureMessage: error?.message ?? 'Your card was declined. Try another card.',
      cardLast4: error?.payment_method?.card?.last4 ?? p.cardLast4,
      updatedAt: clock.now(),
    });
    const facts = await loadOrderFacts(tx, p.orderId);
    if (facts) {
      await pushToUsers(tx, [facts.order.customerId, facts.vendorUserId], {
        type: 'order',
        data: { id: facts.order.id, status: facts.order.status },
      });
    }
    return 'handled';
  });
}

/** A refund of the PaymentIntent `intentRef` settled: its pending refund jobs are due now. */
async function refundSettled(
  deps: StripeWebhookDeps,
  intentRef: string | null,
): Promise<WebhookOutcome> {
  const paymentId = intentRef ? await paymentIdByRef(deps.db, intentRef) : null;
  if (!paymentId) return 'ignored';
  await deps.payments.refundSettled(paymentId);
  return 'handled';
}

/**
 * Handles verified Stripe events, each at most once by event id:
 *
 * - `payment_intent.amount_capturable_updated`: the card was authorised in the browser. The
 *   intent is read back from Stripe (events may arrive late or out of order) and, when it is
 *   `requires_capture`, recorded through `payments.applyAuthorization` exactly as a confirm
 *   would: payment `authorized`, order `paid`, notices and receipt. A 409 from it (the order
 *   can no longer be paid) is handled: the payments service has queued the void.
 * - `payment_intent.payment_failed`: an open payment becomes `failed` with Stripe's message
 *   (the customer may try another card); both parties get the `order` socket event.
 * - `charge.refunded`, `refund.updated`/`refund.created` with a succeeded refund: the payment's
 *   pending refund jobs are made due now (`payments.refundSettled`), so the outbox reads the
 *   settled refund and moves the payment from `refund_pending` to `refunded`.
 * - `account.updated`: a pro's Connect account changed; its payout account becomes `verified`
 *   when Stripe enables payouts and `restricted` when it disables them (applyConnectedAccount,
 *   idempotent: it writes the account's state as Stripe sends it).
 *
 * Each effect is one transaction. The event id is recorded in the same transaction where this
 * module owns it (`payment_failed`), and right after the payments service's own transaction
 * otherwise; those effects are idempotent, so a delivery that dies between the two and is
 * retried by Stripe changes nothing more. Other event types are recorded and ignored. Errors
 * other than AppErrors propagate (the route answers 500 and Stripe retries).
 */
export function createStripeWebhookService(deps: StripeWebhookDeps) {
  const { db, clock, applyConnectedAccount } = deps;
  return {
    /** Handles one verified event (see above); never twice for one event id. */
    async handle(event: Stripe.Event): Promise<WebhookOutcome> {
      if (await eventSeen(db, event.id)) return 'duplicate';
      let outcome: WebhookOutcome;
      switch (event.type) {
        case 'payment_intent.payment_failed':
          return failed(deps, event, event.data.object);
        case 'payment_intent.amount_capturable_updated':
          outcome = await capturable(deps, event.data.object);
          break;
        case 'charge.refunded':
          outcome = await refundSettled(deps, refOf(event.data.object.payment_intent));
          break;
        case 'refund.created':
        case 'refund.updated':
          outcome =
            event.data.object.status === 'succeeded'
              ? await refundSettled(deps, refOf(event.data.object.payment_intent))
              : 'ignored';
          break;
        case 'account.updated':
          outcome = (await applyConnectedAccount(connectedAccountState(event.data.object)))
            ? 'handled'
            : 'ignored';
          break;
        default:
          outcome = 'ignored';
      }
      return (await recordEvent(db, event, clock.now())) ? outcome : 'duplicate';
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
