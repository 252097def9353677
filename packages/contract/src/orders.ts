import { z } from 'zod';
import { isoDateTime, moneySchema, pageQuerySchema, text, uuid } from './common';
import { orderRescheduleSchema } from './changes';
import { orderNoShowSchema } from './no-show';
import { orderOnMyWaySchema } from './on-my-way';
import { orderStatusSchema } from './order-status';
import { orderPlanSchema } from './plans';
import { changeOrderSchema, quoteLineItemSchema } from './quotes';
import { reviewSchema } from './reviews';

export { type OrderStatus, orderStatusSchema } from './order-status';

/** Platform booking fee in basis points of the subtotal (5 %). Spec §9 leaves fees open. */
export const BOOKING_FEE_BPS = 500;

/** `POST /v1/orders` body. The server computes every price; `Idempotency-Key` header is honoured. */
export const createOrderBodySchema = z.object({
  serviceId: uuid,
  startsAt: isoDateTime,
  address: text().trim().min(5, 'Enter the address where the job is').max(300),
  notes: text().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
  /**
   * The customer's saved place the address was filled from: its coordinates locate the job for
   * the service-area check; without it the town named in `address` is geocoded.
   */
  placeId: uuid.optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

/** Query of `GET /v1/services/{id}/quote`: the slot start the customer picked. */
export const serviceQuoteQuerySchema = z.object({ startsAt: isoDateTime });
export type ServiceQuoteQuery = z.infer<typeof serviceQuoteQuerySchema>;

/**
 * What a booking of that slot would cost, before any order exists: integers in minor units of
 * `currency`; `bookingFee` by the same rule that prices the order (spec: 5 % of the subtotal).
 */
export const serviceQuoteSchema = z.object({
  subtotal: z.number().int(),
  bookingFee: z.number().int(),
  total: z.number().int(),
  currency: z.string().length(3),
});
export type ServiceQuote = z.infer<typeof serviceQuoteSchema>;

export const orderListQuerySchema = pageQuerySchema.extend({
  status: orderStatusSchema.optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderSchema = z.object({
  id: uuid,
  /** Short human reference, e.g. `VT-7K2P9Q`. */
  reference: z.string(),
  status: orderStatusSchema,
  service: z.object({ id: uuid, title: z.string(), durationMinutes: z.number().int() }),
  /** `timeZone`: the vendor's IANA zone, in which the booking's times are shown. */
  vendor: z.object({
    id: uuid,
    businessName: z.string(),
    timeZone: z.string(),
    /** The pro's avatar; optional, so fixtures written before it stay valid. */
    avatarUrl: z.string().nullable().optional(),
  }),
  customer: z.object({
    id: uuid,
    fullName: z.string(),
    /** The customer's avatar; optional, so fixtures written before it stay valid. */
    avatarUrl: z.string().nullable().optional(),
  }),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  address: z.string(),
  notes: z.string().nullable(),
  subtotal: moneySchema,
  fee: moneySchema,
  total: moneySchema,
  /**
   * Refunded so far on the booking's charge (minor units, tips excluded), so a list can say
   * "Partly refunded $80.00 of $168.00" without loading the payment. Optional: older fixtures.
   */
  amountRefunded: moneySchema.optional(),
  createdAt: isoDateTime,
  /**
   * Until when an unpaid order holds its slot (server clock; `HOLD_MS` after booking); null once
   * it is paid or closed. Optional: fixtures written before it stay valid.
   */
  holdExpiresAt: isoDateTime.nullable().optional(),
  /**
   * Sent to the order's pro only: what the booking earns them, minor units — the price the
   * customer pays less Vetted's booking fee (`total − fee`), less any refund taken back from the
   * pro once charged; 0 for an order closed without a charge. Tips are not included. Absent for
   * customers and admins.
   */
  vendorNet: moneySchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderEventSchema = z.object({
  status: orderStatusSchema,
  at: isoDateTime,
  note: z.string().nullable(),
  /**
   * What the entry records: `tip`, the customer's tip once charged (the order stays
   * `completed`, so its status is not what the timeline names); absent or `status`, the order
   * reaching `status` or a note about it.
   */
  kind: z.enum(['status', 'tip']).optional(),
});

/**
 * Payment states. Values are only ever appended (the pg enum is built from this
 * list). `succeeded` is the legacy one-step charge and is never written by new code: a card is
 * `authorized` at checkout, `captured` when the vendor accepts, `voided` on decline/cancel before
 * capture, `refund_pending` until the provider confirms a refund, then `refunded`.
 */
export const paymentStatusSchema = z.enum([
  'requires_payment',
  'succeeded',
  'failed',
  'refunded',
  'authorized',
  'captured',
  'voided',
  'refund_pending',
]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const paymentSchema = z.object({
  id: uuid,
  orderId: uuid,
  provider: z.enum(['sandbox', 'stripe']),
  status: paymentStatusSchema,
  amount: moneySchema,
  /**
   * What the provider confirmed as refunded so far (minor units, the payment's currency); less
   * than `amount` after a partial refund (a late cancellation). Always sent by the API.
   */
  amountRefunded: moneySchema.optional(),
  /** Last four digits of the card, once paid. */
  cardLast4: z.string().nullable(),
  failureMessage: z.string().nullable(),
  /** True in sandbox mode: no real money moves (shown as "Test mode" in the UI). */
  testMode: z.boolean(),
  createdAt: isoDateTime,
  /**
   * Stripe only (`provider: 'stripe'`), in the answer of `POST /payments/initialize`: the
   * PaymentIntent's client secret, which Stripe.js confirms in the browser. Null or absent for
   * the sandbox and in every other answer.
   */
  clientSecret: z.string().nullable().optional(),
  /** Stripe only, with `clientSecret`: the publishable key to load Stripe.js with. */
  publishableKey: z.string().nullable().optional(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const orderDetailSchema = orderSchema.extend({
  events: z.array(orderEventSchema),
  payment: paymentSchema.nullable(),
  /**
   * The 4-digit start-of-job code: shown only to the order's customer while the
   * order is `accepted`, who gives it to the pro on arrival; null for everyone else and in every
   * other state.
   */
  startCode: z
    .string()
    .regex(/^\d{4}$/)
    .nullable(),
  /**
   * What the customer would get back if they cancelled now, by the refund policy (`/refund`):
   * present for the customer while they may cancel a paid or accepted order; null when cancelling
   * refunds nothing or is not allowed. Optional, so fixtures written before it stay valid.
   */
  cancelRefund: moneySchema.nullable().optional(),
  /**
   * A change of time the pro has not answered yet: the slot before the customer's last
   * reschedule. The pro may decline the new time (the order goes back to this slot if it is still
   * free, else it is cancelled with a full refund) or confirm it. Null when none is pending.
   */
  reschedule: orderRescheduleSchema.nullable().optional(),
  /** The customer's tip after completion: its payment, or null when none was sent. */
  tip: paymentSchema.nullable().optional(),
  /**
   * The customer's review of this order, shown to both parties; null while there is
   * none. Optional, so fixtures written before reviews stay valid.
   */
  review: reviewSchema.nullable().optional(),
  /**
   * True for the order's customer while they may still review it: completed, not reviewed yet,
   * within 30 days of completion (then `reviewableUntil` says until when). False otherwise.
   */
  canReview: z.boolean().optional(),
  /** The end of the review window when `canReview`, else null. */
  reviewableUntil: isoDateTime.nullable().optional(),
  /**
   * The pro's latest "On my way" while the order is accepted (shown to both parties), else
   * null. Optional, so fixtures written before it stay valid.
   */
  onMyWay: orderOnMyWaySchema.nullable().optional(),
  /** The plan this order is a visit of, else null. Optional, so older fixtures stay valid. */
  plan: orderPlanSchema.nullable().optional(),
  /** The order's no-show, when either side recorded one, else null. Optional, as above. */
  noShow: orderNoShowSchema.nullable().optional(),
  /**
   * Whether the caller (the order's pro) may mark "Customer not there" now: accepted, from
   * `NO_SHOW_POLICY.graceMs` after the start, nothing recorded yet. The API decides with its
   * clock, so a screen never offers what the server would refuse. Optional, as above.
   */
  canMarkNoShow: z.boolean().optional(),
  /** Whether the caller (the order's customer) may report "Pro didn't come" now; as above. */
  canReportNoShow: z.boolean().optional(),
  /** The accepted quote this order books (its request's id for the link), else null. Optional. */
  quote: z.object({ id: uuid, requestId: uuid }).nullable().optional(),
  /** The quote's line items (their sum is the subtotal), null for a slot booking. Optional. */
  lineItems: z.array(quoteLineItemSchema).nullable().optional(),
  /** Extras the pro proposed during the job, oldest first, in every state. Optional. */
  changeOrders: z.array(changeOrderSchema).optional(),
  /** Whether the caller (the order's pro) may propose an extra now (accepted or in progress). */
  canProposeChangeOrder: z.boolean().optional(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `POST /v1/orders/{id}/transitions` body. The server checks who may do what from which state. */
export const orderTransitionBodySchema = z.object({
  action: z.enum(['accept', 'decline', 'start', 'complete', 'cancel']),
  reason: text().trim().max(500).optional(),
  /** The customer's 4-digit start-of-job code; required for `start`, ignored otherwise. */
  startCode: text()
    .regex(/^\d{4}$/, 'Enter the 4-digit code from the customer')
    .optional(),
});
export type OrderTransitionBody = z.infer<typeof orderTransitionBodySchema>;

/** `POST /v1/payments/initialize` body. */
export const initializePaymentBodySchema = z.object({ orderId: uuid });
export type InitializePaymentBody = z.infer<typeof initializePaymentBodySchema>;

const currentYear = new Date().getUTCFullYear();

/**
 * `POST /v1/payments/{id}/confirm` body. `card` is for the sandbox provider only (test cards
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined); without it the sandbox answers
 * 400 "Enter your card details". With Stripe the body is `{}`: Stripe.js has already confirmed
 * the card in the browser, and card numbers never reach our server.
 */
export const confirmPaymentBodySchema = z.object({
  card: z
    .object({
      number: z
        .string()
        .transform((s) => s.replace(/[\s-]/g, ''))
        .pipe(z.string().regex(/^\d{12,19}$/, 'Enter a valid card number')),
      expMonth: z.coerce.number().int().min(1, 'Invalid month').max(12, 'Invalid month'),
      expYear: z.coerce
        .number()
        .int()
        .min(currentYear, 'Card has expired')
        .max(currentYear + 25, 'Invalid year'),
      cvc: z.string().regex(/^\d{3,4}$/, 'Enter the 3 or 4 digit security code'),
      name: text().trim().min(2, 'Enter the name on the card').max(100),
    })
    .optional(),
});
export type ConfirmPaymentBody = z.input<typeof confirmPaymentBodySchema>;

export const paymentResultSchema = z.object({ payment: paymentSchema, order: orderSchema });
export type PaymentResult = z.infer<typeof paymentResultSchema>;
