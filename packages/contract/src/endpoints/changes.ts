import { z } from 'zod';
import {
  cancellationQuoteSchema,
  rescheduleBodySchema,
  tipBodySchema,
  waitlistDayBodySchema,
  waitlistEntrySchema,
  waitlistListQuerySchema,
} from '../changes';
import { orderDetailSchema, paymentSchema } from '../orders';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** Changes to a booking: cancellation quote, reschedule, tip, and the waitlist of full days. */
export const changeEndpoints = {
  getCancellationQuote: {
    ...routes.getCancellationQuote,
    params: idParamsSchema,
    response: cancellationQuoteSchema,
    summary:
      'What cancelling the order now would refund the customer, by the published policy (its customer, vendor or an admin)',
  },
  rescheduleOrder: {
    ...routes.rescheduleOrder,
    params: idParamsSchema,
    body: rescheduleBodySchema,
    response: orderDetailSchema,
    summary:
      'Move a paid or accepted booking to another free slot of the same service (its customer, until 24 h before the start)',
  },
  declineReschedule: {
    ...routes.declineReschedule,
    params: idParamsSchema,
    response: orderDetailSchema,
    summary:
      'Decline the new time (the pro): back to the previous slot if still free, else cancelled with a full refund',
  },
  confirmReschedule: {
    ...routes.confirmReschedule,
    params: idParamsSchema,
    response: orderDetailSchema,
    summary: 'Confirm the new time of a rescheduled booking (the pro)',
  },
  tipOrder: {
    ...routes.tipOrder,
    params: idParamsSchema,
    body: tipBodySchema,
    response: paymentSchema,
    summary:
      'Start a tip for a completed order (its customer, one per order); confirm it like any payment',
  },
  joinWaitlist: {
    ...routes.joinWaitlist,
    params: idParamsSchema,
    body: waitlistDayBodySchema,
    response: waitlistEntrySchema,
    summary: "Join a service's waitlist for a fully booked day (customers)",
  },
  leaveWaitlist: {
    ...routes.leaveWaitlist,
    params: idParamsSchema,
    query: waitlistDayBodySchema,
    response: waitlistEntrySchema,
    summary: "Leave a service's waitlist for a day (releases an offered slot)",
  },
  listWaitlist: {
    ...routes.listWaitlist,
    query: waitlistListQuerySchema,
    response: z.array(waitlistEntrySchema),
    summary:
      "The signed-in customer's live waitlist entries (waiting or offered), soonest day first",
  },
} as const satisfies Record<string, EndpointDef>;
