import { z } from 'zod';
import { isoDateTime, uuid } from './common';
import { paymentSchema } from './orders';

/** One thing the payment provider did to the card (sandbox fake bank, or Stripe). Amounts in minor units. */
export const providerEventSchema = z.object({
  type: z.enum(['authorization', 'capture', 'void', 'refund', 'payout']),
  amount: z.number().int(),
  idempotencyKey: z.string().nullable(),
  at: isoDateTime,
});
export type ProviderEventDto = z.infer<typeof providerEventSchema>;

/** One posting of the double-entry ledger: amount in minor units, debit +, credit −. */
export const ledgerEntrySchema = z.object({
  id: uuid,
  orderId: uuid,
  paymentId: uuid.nullable(),
  account: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  kind: z.enum(['charge', 'platform_fee', 'vendor_payable', 'refund', 'payout', 'tip']),
  createdAt: isoDateTime,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** `GET /v1/admin/payments/{id}`: the payment, what the provider did, and its ledger postings. */
export const adminPaymentSchema = z.object({
  payment: paymentSchema,
  providerEvents: z.array(providerEventSchema),
  ledger: z.array(ledgerEntrySchema),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
