import { z } from 'zod';
import { isoDateTime, moneySchema, pageQuerySchema, uuid } from './common';

/** ARCHITECTURE §3 order states. */
export const orderStatusSchema = z.enum([
  'pending_payment',
  'paid',
  'accepted',
  'in_progress',
  'completed',
  'cancelled',
  'declined',
  'refunded',
]);
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Platform booking fee in basis points of the subtotal (5 %). Spec §9 leaves fees open. */
export const BOOKING_FEE_BPS = 500;

/** `POST /v1/orders` body. The server computes every price; `Idempotency-Key` header is honoured. */
export const createOrderBodySchema = z.object({
  serviceId: uuid,
  startsAt: isoDateTime,
  address: z.string().trim().min(5, 'Enter the address where the job is').max(300),
  notes: z.string().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
});
export type CreateOrderBody = z.infer<typeof createOrderBodySchema>;

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
  vendor: z.object({ id: uuid, businessName: z.string(), timeZone: z.string() }),
  customer: z.object({ id: uuid, fullName: z.string() }),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  address: z.string(),
  notes: z.string().nullable(),
  subtotal: moneySchema,
  fee: moneySchema,
  total: moneySchema,
  createdAt: isoDateTime,
});
export type Order = z.infer<typeof orderSchema>;

export const orderEventSchema = z.object({
  status: orderStatusSchema,
  at: isoDateTime,
  note: z.string().nullable(),
});

export const paymentStatusSchema = z.enum(['requires_payment', 'succeeded', 'failed', 'refunded']);

export const paymentSchema = z.object({
  id: uuid,
  orderId: uuid,
  provider: z.enum(['sandbox', 'stripe']),
  status: paymentStatusSchema,
  amount: moneySchema,
  /** Last four digits of the card, once paid. */
  cardLast4: z.string().nullable(),
  failureMessage: z.string().nullable(),
  /** True in sandbox mode: no real money moves (shown as "Test mode" in the UI). */
  testMode: z.boolean(),
  createdAt: isoDateTime,
});
export type Payment = z.infer<typeof paymentSchema>;

export const orderDetailSchema = orderSchema.extend({
  events: z.array(orderEventSchema),
  payment: paymentSchema.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** `POST /v1/orders/{id}/transitions` body. The server checks who may do what from which state. */
export const orderTransitionBodySchema = z.object({
  action: z.enum(['accept', 'decline', 'start', 'complete', 'cancel']),
  reason: z.string().trim().max(500).optional(),
});
export type OrderTransitionBody = z.infer<typeof orderTransitionBodySchema>;

/** `POST /v1/payments/initialize` body. */
export const initializePaymentBodySchema = z.object({ orderId: uuid });
export type InitializePaymentBody = z.infer<typeof initializePaymentBodySchema>;

const currentYear = new Date().getUTCFullYear();

/**
 * `POST /v1/payments/{id}/confirm` body for the sandbox provider only: test cards
 * 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined. Never sent in stripe mode.
 */
export const confirmPaymentBodySchema = z.object({
  card: z.object({
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
    name: z.string().trim().min(2, 'Enter the name on the card').max(100),
  }),
});
export type ConfirmPaymentBody = z.input<typeof confirmPaymentBodySchema>;

export const paymentResultSchema = z.object({ payment: paymentSchema, order: orderSchema });
export type PaymentResult = z.infer<typeof paymentResultSchema>;
