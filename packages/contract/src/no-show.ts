import { z } from 'zod';
import { isoDateTime, moneySchema, text } from './common';

/**
 * No-shows: the pro marks "Customer not there" (the customer pays the published no-show fee,
 * `NO_SHOW_POLICY` in cancellation.ts, and may dispute it to support), or the customer reports
 * the pro did not come (a full refund, counted in the pro's reliability record).
 */

/** `POST /v1/orders/{id}/no-show/dispute`: why the customer disputes the fee. */
export const disputeNoShowBodySchema = z.object({
  reason: text()
    .trim()
    .min(10, 'Tell support what happened in at least 10 characters')
    .max(2000, 'Keep it under 2000 characters'),
});
export type DisputeNoShowBody = z.infer<typeof disputeNoShowBodySchema>;

/**
 * In `OrderDetail.noShow`: who did not show (`customer`: marked by the pro; `vendor`: reported
 * by the customer), when it was recorded, the fee the customer paid (null when none), until when
 * the customer may dispute it and when they did.
 */
export const orderNoShowSchema = z.object({
  by: z.enum(['customer', 'vendor']),
  at: isoDateTime,
  fee: moneySchema.nullable(),
  disputableUntil: isoDateTime.nullable(),
  disputedAt: isoDateTime.nullable(),
});
export type OrderNoShow = z.infer<typeof orderNoShowSchema>;
