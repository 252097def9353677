import webpush from 'web-push';
import type { VapidSettings } from '../../config/vapid';

/** A browser's subscription as the push protocol needs it (keys base64url). */
export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** What a push service answered: its HTTP status (201 accepted; 404/410 the subscription is gone). */
export interface PushOutcome {
  statusCode: number;
}

/**
 * Sends one encrypted push message (RFC 8030 + RFC 8291 payload + RFC 8292 VAPID). Resolves
 * with the push service's HTTP status, error statuses included; rejects only when no answer
 * came (network error, timeout), which the caller treats as transient.
 */
export interface PushSender {
  /** `ttlS`: seconds the push service may keep the message for an offline browser. */
  send(target: PushTarget, payload: string, options: { ttlS: number }): Promise<PushOutcome>;
}

/** Statuses by which a push service says the subscription no longer exists (RFC 8030 §7.3). */
export const GONE_STATUSES: ReadonlySet<number> = new Set([404, 410]);

/** How long one request to a push service may take (ms) before it counts as failed and is retried. */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * The production {@link PushSender}: `web-push` encrypts the payload (aes128gcm) and signs the
 * VAPID header with `vapid`; the request itself goes out with `fetch`, which (unlike the
 * library's own https-only sender) also reaches the `http://` push service of a test — only
 * such endpoints are ever stored when config `pushAllowLocal` is on.
 */
export function createWebPushSender(vapid: VapidSettings): PushSender {
  return {
    async send(target, payload, { ttlS }) {
      const request = webpush.generateRequestDetails(target, payload, {
        TTL: ttlS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        vapidDetails: vapid,
      });
      // fetch sets Content-Length itself from the body; the rest go as strings (TTL is a number).
      const headers = Object.fromEntries(
        Object.entries(request.headers)
          .filter(([name]) => name.toLowerCase() !== 'content-length')
          .map(([name, value]) => [name, String(value)]),
      );
      const res = await fetch(request.endpoint, {
        method: request.method,
        headers,
        body: new Uint8Array(request.body),
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      // The answer's body is of no use (RFC 8030 §5: 201 and a Location); free the socket.
      await res.body?.cancel();
      return { statusCode: res.status };
    },
  };
}
