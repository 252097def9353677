import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import { acceptQuotedOrder } from '../use-cases/quote-order';
import type { OrdersContext } from '../use-cases/context';

/**
 * `orders.accept-quoted`: the order of an accepted quote, once paid, is accepted for its pro
 * (key `order:<id>:accept-quoted`, queued with the payment; use-cases/quote-order.ts).
 */
export const acceptQuotedOrderJob = defineJob({
  name: 'orders.accept-quoted',
  payload: z.object({ orderId: z.string() }),
  run: (payload, _ctx, deps: OrdersContext) => acceptQuotedOrder(deps, payload.orderId),
});
