import { isIP } from 'node:net';
import type {
  DeletePushSubscriptionBody,
  PushPublicKey,
  PushSubscriptionBody,
  PushSubscriptionsState,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import { badRequest } from '../../lib/errors';
import type { ServiceDeps } from '../deps';
import * as repo from './push-repository';

/** Longest `User-Agent` kept with a subscription (characters): enough to tell devices apart. */
const USER_AGENT_MAX = 300;

/**
 * Whether the server may post to `endpoint`. Browsers' push services are https hosts named in
 * DNS (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com), so anything
 * else — http, localhost, an IP literal — is refused: the server must not be made to post into
 * its own network. `allowLocal` (config `pushAllowLocal`, tests only) lifts that.
 */
export function pushEndpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  if (allowLocal) return true;
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return url.protocol === 'https:' && host !== 'localhost' && isIP(host) === 0;
}

/**
 * Web Push for the signed-in user: the VAPID public key browsers subscribe with, and this
 * browser's subscription (`/v1/push/public-key`, `/v1/me/push-subscriptions`).
 */
export function createPushService({
  db,
  clock,
  config,
}: Pick<ServiceDeps, 'db' | 'clock' | 'config'>) {
  return {
    /** The VAPID public key (base64url uncompressed P-256 point), the `applicationServerKey`. */
    publicKey(): PushPublicKey {
      return { publicKey: config.vapid.publicKey };
    },
    /**
     * Stores `body` as `userId`'s subscription; the same endpoint again replaces the row, even
     * one stored for another account. Answers how many browsers of the user receive push.
     * Throws 400 when the endpoint is not a push service's https URL.
     */
    async subscribe(
      userId: string,
      body: PushSubscriptionBody,
      userAgent: string | undefined,
    ): Promise<PushSubscriptionsState> {
      if (!pushEndpointAllowed(body.endpoint, config.pushAllowLocal)) {
        throw badRequest(
          'The endpoint must be the https:// address of a browser push service; subscribe again with PushManager.subscribe()',
          'bad_request',
          { endpoint: 'must be the https:// URL of a push service' },
        );
      }
      await repo.upsertSubscription(db, {
        id: uuidv7(),
        userId,
        endpoint: body.endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        createdAt: clock.now(),
      });
      return { devices: await repo.countSubscriptions(db, userId) };
    },
    /** Forgets `userId`'s subscription of `body.endpoint` (unknown endpoints are ignored). */
    async unsubscribe(
      userId: string,
      body: DeletePushSubscriptionBody,
    ): Promise<PushSubscriptionsState> {
      await repo.deleteSubscriptionOf(db, userId, body.endpoint);
      return { devices: await repo.countSubscriptions(db, userId) };
    },
  };
}

export type PushService = ReturnType<typeof createPushService>;
