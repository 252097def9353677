import { disputeNoShowBodySchema } from '../no-show';
import { orderDetailSchema } from '../orders';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** No-shows of either side of an order. */
export const noShowEndpoints = {
  markNoShow: {
    ...routes.markNoShow,
    params: idParamsSchema,
    response: orderDetailSchema,
    summary:
      'Mark "Customer not there" (the order\'s pro, an accepted order, from 15 minutes after its start): the customer is charged the no-show fee of the published policy',
  },
  reportNoShow: {
    ...routes.reportNoShow,
    params: idParamsSchema,
    response: orderDetailSchema,
    summary:
      "Report that the pro did not come (the order's customer, from 15 minutes after its start): a full refund, counted in the pro's reliability record",
  },
  disputeNoShow: {
    ...routes.disputeNoShow,
    params: idParamsSchema,
    body: disputeNoShowBodySchema,
    response: orderDetailSchema,
    summary:
      "Dispute a no-show fee to support (the order's customer, within 48 hours of it): opens a support conversation",
  },
} as const satisfies Record<string, EndpointDef>;
