/**
 * `POST /v1/payments/webhooks/stripe` (issue #6 §3): Stripe tells us what happened to a
 * PaymentIntent or refund. Every event is verified with the official SDK against
 * `STRIPE_WEBHOOK_SECRET` (400 `Invalid signature` otherwise) and handled once per event id:
 * Stripe delivers at least once and replays, so the id is recorded in `webhook_events` and a
 * replay answers 200 and changes nothing.
 *
 * Registered only when `PAYMENT_PROVIDER=stripe` (app.ts). Sections: queries, the handler
 * service, the route.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { DbOrTx } from '../../db/client';
import { payments, webhookEvents } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../deps';
import { pushToUsers } from '../notifications/service';
import { authorizeKey, CONFIRMABLE } from './policy';
import type { ConnectedAccountState } from './provider';
import * as repo from './repository';
import type { PaymentsService } from './service';
import { connectedAccountState } from './stripe-provider';

const PROVIDER = 'stripe';
/** The answer to a request whose `Stripe-Signature` is missing, stale or wrong (400). */
export const INVALID_SIGNATURE = 'Invalid signature';

// ─── queries ─────────────────────────────────────────────────────────────────────────────────

/** True when the provider's event `eventId` was handled already. */
async function eventSeen(db: DbOrTx, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ eventId: webhookEvents.eventId })
    .from(webhookEvents)
    .where(and(eq(webhookEvents.provider, PROVIDER), eq(webhookEvents.eventId, eventId)));
  return row !== undefined;
}

/** Records the event as handled; false when it was recorded already (a concurrent delivery). */
async function recordEvent(db: DbOrTx, event: Stripe.Event, at: Date): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ provider: PROVIDER, eventId: event.id, type: event.type, receivedAt: at })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length > 0;
}

/** The id of the Stripe payment holding PaymentIntent `ref`, or null. */
async function paymentIdByRef(db: DbOrTx, ref: string): Promise<string | null> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.provider, PROVIDER), eq(payments.providerRef, ref)));
  return row?.id ?? null;
}

const refOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

// ─── the handler service ─────────────────────────────────────────────────────────────────────

export interface StripeWebhookDeps extends Pick<ServiceDeps, 'db' | 'clock' | 'log'> {
  payments: PaymentsService;
  /** Records what Stripe says of a pro's connected account; false when no pro holds it. */
  applyConnectedAccount: (account: ConnectedAccountState) => Promise<boolean>;
}

/** What handling an event came to: applied, a replay of a handled event, or nothing to do. */
export type WebhookOutcome = 'handled' | 'duplicate' | 'ignored';

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
export function createStripeWebhookService({
  db,
  clock,
  log,
  payments: service,
  applyConnectedAccount,
}: StripeWebhookDeps) {
  async function capturable(intent: Stripe.PaymentIntent): Promise<WebhookOutcome> {
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

  async function failed(
    event: Stripe.Event,
    intent: Stripe.PaymentIntent,
  ): Promise<WebhookOutcome> {
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
      const facts = await repo.orderFacts(tx, p.orderId);
      if (facts) {
        await pushToUsers(tx, [facts.order.customerId, facts.vendorUserId], {
          type: 'order',
          data: { id: facts.order.id, status: facts.order.status },
        });
      }
      return 'handled';
    });
  }

  async function refundSettled(intentRef: string | null): Promise<WebhookOutcome> {
    const paymentId = intentRef ? await paymentIdByRef(db, intentRef) : null;
    if (!paymentId) return 'ignored';
    await service.refundSettled(paymentId);
    return 'handled';
  }

  return {
    /** Handles one verified event (see above); never twice for one event id. */
    async handle(event: Stripe.Event): Promise<WebhookOutcome> {
      if (await eventSeen(db, event.id)) return 'duplicate';
      let outcome: WebhookOutcome;
      switch (event.type) {
        case 'payment_intent.payment_failed':
          return failed(event, event.data.object);
        case 'payment_intent.amount_capturable_updated':
          outcome = await capturable(event.data.object);
          break;
        case 'charge.refunded':
          outcome = await refundSettled(refOf(event.data.object.payment_intent));
          break;
        case 'refund.created':
        case 'refund.updated':
          outcome =
            event.data.object.status === 'succeeded'
              ? await refundSettled(refOf(event.data.object.payment_intent))
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

// ─── the route ───────────────────────────────────────────────────────────────────────────────

/**
 * The webhook route. Its plugin scope parses every body as a raw Buffer (the signature covers
 * the exact bytes Stripe sent), so register it with `app.register`, never through
 * fastify-plugin. Events are signed with `webhookSecret` (the account endpoint) or, for events of
 * connected accounts, `connectWebhookSecret` (a Connect endpoint at the same URL). Answers 200
 * `{ ok: true, data: { received: true, outcome } }`, or 400
 * `{ ok: false, error: { message: 'Invalid signature' } }` for a missing or bad
 * `Stripe-Signature` (wrong secret, altered body, older than the SDK's 5-minute tolerance).
 */
export default async function stripeWebhookRoutes(
  app: FastifyInstance,
  {
    webhookSecret,
    connectWebhookSecret,
    webhooks,
  }: { webhookSecret: string; connectWebhookSecret?: string; webhooks: StripeWebhookService },
): Promise<void> {
  /** The event, by the account endpoint's secret or else the Connect endpoint's; throws if neither. */
  const verified = (body: Buffer, signature: string): Stripe.Event => {
    try {
      return Stripe.webhooks.constructEvent(body, signature, webhookSecret);
    } catch (err) {
      if (!connectWebhookSecret) throw err;
      return Stripe.webhooks.constructEvent(body, signature, connectWebhookSecret);
    }
  };

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post('/v1/payments/webhooks/stripe', { schema: { hide: true } }, async (request, reply) => {
    const signature = request.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string' || !Buffer.isBuffer(request.body)) {
        throw new Error('no signature or body');
      }
      event = verified(request.body, signature);
    } catch (err) {
      request.log.warn({ err }, 'stripe webhook refused');
      return reply
        .code(400)
        .send({ ok: false, error: { message: INVALID_SIGNATURE, code: 'invalid_signature' } });
    }
    const outcome = await webhooks.handle(event);
    request.log.info({ eventId: event.id, type: event.type, outcome }, 'stripe webhook');
    return { ok: true, data: { received: true, outcome } };
  });
}
