import { z } from 'zod';

/**
 * Web Push (RFC 8030, payloads encrypted per RFC 8291, VAPID per RFC 8292): the server's
 * application server key and a browser's subscription, as `PushSubscription.toJSON()` gives it.
 */

/** `GET /v1/push/public-key`: the VAPID public key (base64url, uncompressed P-256 point). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof pushPublicKeySchema>;

/** `POST /v1/me/push-subscriptions` body: `PushSubscription.toJSON()` of this browser. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .url('must be the push service URL of the subscription')
    .refine((u) => u.startsWith('https://') || u.startsWith('http://'), {
      message: 'must be an https:// URL',
    }),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string().min(1, 'is required').max(200),
    auth: z.string().min(1, 'is required').max(100),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

/** `DELETE /v1/me/push-subscriptions` body: the endpoint to forget. */
export const deletePushSubscriptionBodySchema = z.object({ endpoint: z.string().max(2000) });
export type DeletePushSubscriptionBody = z.infer<typeof deletePushSubscriptionBodySchema>;

/** Answer of both: how many browsers of this account receive push now. */
export const pushSubscriptionsStateSchema = z.object({ devices: z.number().int().min(0) });
export type PushSubscriptionsState = z.infer<typeof pushSubscriptionsStateSchema>;
