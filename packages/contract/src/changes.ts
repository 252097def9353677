/**
 * Payloads of the "changes of plan" endpoints: the cancellation quote, reschedule,
 * tips and the waitlist. The rules themselves are in `cancellation.ts`.
 */
import { z } from 'zod';
import { CANCELLATION_BAND_IDS } from './cancellation';
import { isoDate, isoDateTime, moneySchema, uuid } from './common';

export const cancellationBandIdSchema = z.enum(CANCELLATION_BAND_IDS);

/**
 * `GET /v1/orders/{id}/cancellation`: what cancelling the order now would do, for the caller
 * (its customer, its vendor or an admin), by the published policy — the same function the cancel
 * itself applies.
 */
export const cancellationQuoteSchema = z.object({
  /** Whether the caller may cancel now (false once the booking has started). */
  allowed: z.boolean(),
  band: cancellationBandIdSchema,
  /** The band in words, e.g. "cancelling within 24 hours of the start". */
  label: z.string(),
  /** One sentence saying what happens, with the amounts, e.g. "You get back $50.00 …". */
  reason: z.string(),
  /** What comes back to the customer's card (0 when nothing). */
  refund: moneySchema,
  /** The band's share: `bps` basis points of the order `total` or of the `subtotal` (service price). */
  share: z.object({ of: z.enum(['total', 'subtotal']), bps: z.number().int() }),
  /** `release`: the card was only authorised and the hold is released; `refund`: money is refunded. */
  money: z.enum(['none', 'release', 'refund']),
  /** When this band ends and the refund may drop (ISO), or null. */
  deadline: isoDateTime.nullable(),
});
export type CancellationQuote = z.infer<typeof cancellationQuoteSchema>;

/** `POST /v1/orders/{id}/reschedule` body: the new slot's start, one of the service's slots. */
export const rescheduleBodySchema = z.object({ startsAt: isoDateTime });
export type RescheduleBody = z.infer<typeof rescheduleBodySchema>;

/**
 * A pending change of time on an order (in `OrderDetail.reschedule`): the slot before the last
 * reschedule, kept until the pro confirms or declines the new time.
 */
export const orderRescheduleSchema = z.object({
  previousStartsAt: isoDateTime,
  previousEndsAt: isoDateTime,
  rescheduledAt: isoDateTime,
});
export type OrderReschedule = z.infer<typeof orderRescheduleSchema>;

/**
 * `POST /v1/orders/{id}/tip` body: the tip in minor units of the order's currency. `currency`
 * is optional; when sent it must be the order's. Bounds: `TIP_LIMITS` / `maxTip` (cancellation.ts).
 */
export const tipBodySchema = z.object({
  amount: z
    .number({ error: 'Enter the tip amount' })
    .int('Enter the tip in whole cents')
    .min(1, 'Enter a tip above zero'),
  currency: z.string().length(3).optional(),
});
export type TipBody = z.infer<typeof tipBodySchema>;

export const waitlistStatusSchema = z.enum(['waiting', 'offered', 'booked', 'expired', 'left']);
export type WaitlistStatus = z.infer<typeof waitlistStatusSchema>;

/** `POST /v1/services/{id}/waitlist` body and `DELETE` query: the vendor-local day. */
export const waitlistDayBodySchema = z.object({ date: isoDate });
export type WaitlistDayBody = z.infer<typeof waitlistDayBodySchema>;

/** `GET /v1/waitlist` query: only the entries of one service, if given. */
export const waitlistListQuerySchema = z.object({ serviceId: uuid.optional() });
export type WaitlistListQuery = z.infer<typeof waitlistListQuerySchema>;

/** One waitlist entry of the signed-in customer. */
export const waitlistEntrySchema = z.object({
  id: uuid,
  service: z.object({
    id: uuid,
    title: z.string(),
    durationMinutes: z.number().int(),
    vendorId: uuid,
    businessName: z.string(),
    /** The vendor's IANA zone: `date` and the offer's times are in it. */
    timeZone: z.string(),
  }),
  /** The vendor-local day waited for (YYYY-MM-DD). */
  date: isoDate,
  status: waitlistStatusSchema,
  /** While `offered`: the slot held for this customer until `expiresAt`. */
  offer: z
    .object({ startsAt: isoDateTime, endsAt: isoDateTime, expiresAt: isoDateTime })
    .nullable(),
  createdAt: isoDateTime,
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
