import { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { defineJob, PermanentDeliveryError } from '../../../jobs/define';
import type { Clock } from '../../deps';
import { GONE_STATUSES, type PushSender } from '../push-sender';
import * as repo from '../push-repository';

/**
 * How long a push service may hold a message for a browser that is offline, in seconds: a day.
 * Past that a booking notice or a reminder is stale (the in-app list still has it).
 */
export const PUSH_TTL_S = 24 * 3600;

/**
 * `push.send`: one notification to one browser subscription (Web Push), queued by the
 * `notification` job when the kind's push switch is on. The payload the service worker reads is
 * JSON `{ title, body, url, tag }` (`url`: the notification's in-app link, `/` when it has none).
 * A subscription deleted meanwhile is skipped; a push service answering 404/410 deletes it
 * (RFC 8030 §7.3); 429 and 5xx throw (retried with backoff); other 4xx give up at once.
 */
export const pushSendJob = defineJob({
  name: 'push.send',
  payload: z.object({
    subscriptionId: z.string(),
    title: z.string(),
    body: z.string(),
    url: z.string(),
    /** Browsers replace a shown notification of the same tag: the notification's id. */
    tag: z.string(),
  }),
  async run(p, _ctx, { db, sender, clock }: { db: DbOrTx; sender: PushSender; clock: Clock }) {
    const sub = await repo.findSubscription(db, p.subscriptionId);
    if (!sub) return;
    const payload = JSON.stringify({ title: p.title, body: p.body, url: p.url, tag: p.tag });
    const { statusCode } = await sender.send(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      { ttlS: PUSH_TTL_S },
    );
    if (statusCode >= 200 && statusCode < 300) {
      await repo.markDelivered(db, sub.id, clock.now());
      return;
    }
    if (GONE_STATUSES.has(statusCode)) {
      await repo.deleteSubscription(db, sub.id);
      return;
    }
    if (statusCode === 429 || statusCode >= 500) {
      throw new Error(`push service answered ${statusCode}`);
    }
    throw new PermanentDeliveryError(`push service refused the message (${statusCode})`);
  },
});
