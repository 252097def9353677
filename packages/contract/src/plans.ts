import { z } from 'zod';
import { isoDateTime, moneySchema, text, uuid } from './common';
import { orderStatusSchema } from './order-status';

/**
 * Recurring plans: the same pro and service every week, two weeks or four weeks, at the same
 * local time of day across DST changes. Each visit is its own order, created ahead by a
 * scheduled job and paid with the card saved at the first visit's checkout.
 */

export const planFrequencySchema = z.enum(['weekly', 'biweekly', 'every4weeks']);
export type PlanFrequency = z.infer<typeof planFrequencySchema>;

/** How each frequency reads in a sentence ("Visit 3 of a weekly plan"). */
export const PLAN_FREQUENCY_LABELS: Record<PlanFrequency, string> = {
  weekly: 'weekly',
  biweekly: 'every-2-weeks',
  every4weeks: 'every-4-weeks',
};

/** Days between visits of each frequency (in the job's local calendar, so DST never moves the time). */
export const PLAN_FREQUENCY_DAYS: Record<PlanFrequency, number> = {
  weekly: 7,
  biweekly: 14,
  every4weeks: 28,
};

/**
 * Timing rules of plans, published with the plan form. Visits exist as orders this far ahead
 * (ms; 14 days); each visit's card is authorised this long before it (ms; 48 h); a visit whose
 * authorisation has not succeeded is released this long before it (ms; 24 h).
 */
export const PLAN_POLICY = {
  createAheadMs: 14 * 24 * 60 * 60_000,
  authorizeBeforeMs: 48 * 60 * 60_000,
  releaseBeforeMs: 24 * 60 * 60_000,
} as const;

export const planStatusSchema = z.enum([
  'pending',
  'active',
  'paused',
  'declined',
  'cancelled',
  'ended',
]);
export type PlanStatus = z.infer<typeof planStatusSchema>;

/**
 * `POST /v1/plans`: the first visit's slot (a free slot of the service, as for a booking), how
 * often, and optionally the last day (no visit starts after `until`). The answer's `firstOrderId`
 * is the first visit's order, paid through the usual checkout, whose card is saved for the next
 * visits.
 */
export const createPlanBodySchema = z.object({
  serviceId: uuid,
  startsAt: isoDateTime,
  frequency: planFrequencySchema,
  until: isoDateTime.optional(),
  address: text().trim().min(5, 'Enter the address where the job is').max(300),
  notes: text().trim().max(1000, 'Notes must be at most 1000 characters').optional(),
  /** As in `POST /v1/orders`: the saved place the address came from. */
  placeId: uuid.optional(),
});
export type CreatePlanBody = z.infer<typeof createPlanBodySchema>;

/** `POST /v1/plans/{id}/skip`: the start of the visit to skip (one of `upcoming`). */
export const skipPlanVisitBodySchema = z.object({ startsAt: isoDateTime });
export type SkipPlanVisitBody = z.infer<typeof skipPlanVisitBodySchema>;

/** `POST /v1/plans/{id}/decline`: the pro's reason, shown to the customer. */
export const declinePlanBodySchema = z.object({
  reason: text().trim().max(500, 'Keep the reason under 500 characters').optional(),
});
export type DeclinePlanBody = z.infer<typeof declinePlanBodySchema>;

/**
 * One visit of a plan: `visit` numbers from 1; `orderId` once its order exists (14 days ahead),
 * with the order's status; `skipped` when the customer skipped it.
 */
export const planVisitSchema = z.object({
  visit: z.number().int().min(1),
  startsAt: isoDateTime,
  orderId: uuid.nullable(),
  status: z.union([orderStatusSchema, z.literal('scheduled'), z.literal('skipped')]),
});
export type PlanVisit = z.infer<typeof planVisitSchema>;

/** A plan as its customer and its pro see it. */
export const planSchema = z.object({
  id: uuid,
  status: planStatusSchema,
  frequency: planFrequencySchema,
  service: z.object({ id: uuid, title: z.string(), durationMinutes: z.number().int() }),
  vendor: z.object({ id: uuid, businessName: z.string(), timeZone: z.string() }),
  customer: z.object({ id: uuid, fullName: z.string() }),
  /** The first visit's start. */
  startsAt: isoDateTime,
  /** Every visit's local start, `HH:mm` in `timeZone`. */
  localTime: z.string(),
  timeZone: z.string(),
  until: isoDateTime.nullable(),
  address: z.string(),
  notes: z.string().nullable(),
  /** Each visit's price, as a booking of the service (fee included). */
  price: z.object({ subtotal: moneySchema, fee: moneySchema, total: moneySchema }),
  /** The saved card visits are charged to, null until the first checkout saved one. */
  card: z.object({ last4: z.string().nullable() }).nullable(),
  /** The first visit's order (paid in checkout). */
  firstOrderId: uuid.nullable(),
  /** Past visits and the next ones (at most 8 ahead), oldest first. */
  visits: z.array(planVisitSchema),
  createdAt: isoDateTime,
  acceptedAt: isoDateTime.nullable(),
  pausedAt: isoDateTime.nullable(),
  cancelledAt: isoDateTime.nullable(),
});
export type Plan = z.infer<typeof planSchema>;

/** In `OrderDetail.plan`: the plan an order is a visit of ("Visit 3 of a weekly plan"). */
export const orderPlanSchema = z.object({
  id: uuid,
  visit: z.number().int().min(1),
  frequency: planFrequencySchema,
});
export type OrderPlan = z.infer<typeof orderPlanSchema>;
