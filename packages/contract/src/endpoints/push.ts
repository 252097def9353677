import {
  deletePushSubscriptionBodySchema,
  pushPublicKeySchema,
  pushSubscriptionBodySchema,
  pushSubscriptionsStateSchema,
} from '../push';
import { routes } from '../routes';
import type { EndpointDef } from './shared';

/** Web Push: the VAPID key and this browser's subscription. */
export const pushEndpoints = {
  getPushPublicKey: {
    ...routes.getPushPublicKey,
    response: pushPublicKeySchema,
    summary: "The server's VAPID public key, the applicationServerKey of a subscription",
  },
  addPushSubscription: {
    ...routes.addPushSubscription,
    body: pushSubscriptionBodySchema,
    response: pushSubscriptionsStateSchema,
    summary:
      'Receive notifications on this browser: its PushSubscription (the same endpoint again replaces it)',
  },
  deletePushSubscription: {
    ...routes.deletePushSubscription,
    body: deletePushSubscriptionBodySchema,
    response: pushSubscriptionsStateSchema,
    summary: 'Stop push to this browser (its endpoint); unknown endpoints are ignored',
  },
} as const satisfies Record<string, EndpointDef>;
