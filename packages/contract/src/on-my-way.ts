import { z } from 'zod';
import { isoDateTime } from './common';

/**
 * "On my way": the pro tells the customer they are driving to the job, with an ETA. The window
 * in which a pro may send it is the API's orders policy (`ON_MY_WAY_*`).
 */

/** Bounds of an ETA, in whole minutes: at least 1, at most 4 hours. */
export const ON_MY_WAY_ETA_LIMITS = { min: 1, max: 240 } as const;

/** The ETA choices the pro's dialog offers before its own number field, in minutes. */
export const ON_MY_WAY_ETA_CHOICES = [10, 20, 30, 45, 60] as const;

/** `POST /v1/orders/{id}/on-my-way` body: how many minutes until the pro arrives. */
export const onMyWayBodySchema = z.object({
  etaMinutes: z
    .number({ error: 'Enter the minutes until you arrive' })
    .int('Enter whole minutes')
    .min(ON_MY_WAY_ETA_LIMITS.min, 'Enter at least 1 minute')
    .max(ON_MY_WAY_ETA_LIMITS.max, 'Enter at most 240 minutes (4 hours)'),
});
export type OnMyWayBody = z.infer<typeof onMyWayBodySchema>;

/**
 * In `OrderDetail.onMyWay`: when the pro last said they were on the way (server clock) and the
 * ETA they gave then, in minutes; they arrive around `at + etaMinutes`. A later message
 * replaces an earlier one.
 */
export const orderOnMyWaySchema = z.object({
  at: isoDateTime,
  etaMinutes: z.number().int(),
});
export type OrderOnMyWay = z.infer<typeof orderOnMyWaySchema>;
