import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { PushService } from './push-service';

/** Web Push: the VAPID public key, and adding or removing this browser's subscription. */
export default async function pushRoutes(
  app: FastifyInstance,
  { push }: { push: PushService },
): Promise<void> {
  route(app, endpoints.getPushPublicKey, () => push.publicKey());
  route(app, endpoints.addPushSubscription, ({ body, user, request }) =>
    push.subscribe(user.id, body, request.headers['user-agent']),
  );
  route(app, endpoints.deletePushSubscription, ({ body, user }) => push.unsubscribe(user.id, body));
}
