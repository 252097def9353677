/**
 * `POST /v1/payments/webhooks/stripe`: Stripe tells us what happened to a
 * PaymentIntent or refund. Every event is verified with the official SDK against
 * `STRIPE_WEBHOOK_SECRET` (400 `Invalid signature` otherwise) and handled once per event id:
 * Stripe delivers at least once and replays, so the id is recorded in `webhook_events` and a
 * replay answers 200 and changes nothing.
 *
 * Registered only when `PAYMENT_PROVIDER=stripe` (app.ts). The handler service:
 * use-cases/stripe-webhook.ts; its queries: webhook-repository.ts.
 */
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import type { StripeWebhookService } from './use-cases/stripe-webhook';

export {
  createStripeWebhookService,
  type StripeWebhookDeps,
  type StripeWebhookService,
  type WebhookOutcome,
} from './use-cases/stripe-webhook';

/** The answer to a request whose `Stripe-Signature` is missing, stale or wrong (400). */
export const INVALID_SIGNATURE = 'Invalid signature';

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
