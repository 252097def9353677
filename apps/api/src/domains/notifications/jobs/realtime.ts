import { z } from 'zod';
import { defineJob } from '../../../jobs/define';
import type { EventBus } from '../../../platform/types';

/**
 * `realtime`: publishes an event on a user's channel (`user:<id>`) for their open sockets, e.g.
 * `{ type: 'order', data: { id, status } }` so an open order page revalidates.
 */
export const realtimeJob = defineJob({
  name: 'realtime',
  payload: z.object({
    userId: z.string(),
    event: z.object({ type: z.string(), data: z.unknown().optional() }),
  }),
  async run(p, _ctx, { events }: { events: EventBus }) {
    await events.publish(`user:${p.userId}`, p.event);
  },
});
