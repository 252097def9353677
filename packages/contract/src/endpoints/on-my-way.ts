import { onMyWayBodySchema } from '../on-my-way';
import { orderDetailSchema } from '../orders';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** "On my way": the pro tells the customer they are driving to the job. */
export const onMyWayEndpoints = {
  sendOnMyWay: {
    ...routes.sendOnMyWay,
    params: idParamsSchema,
    body: onMyWayBodySchema,
    response: orderDetailSchema,
    summary:
      "Tell the customer you are on the way, with an ETA in minutes (the order's pro, accepted orders, from 3 h before the start until its end); answers the order",
  },
} as const satisfies Record<string, EndpointDef>;
