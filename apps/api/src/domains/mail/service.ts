import type { DbOrTx } from '../../db/client';
import { enqueue } from '../../outbox/outbox';
import { type OutboxHandler, PermanentDeliveryError } from '../../outbox/worker';
import type { Clock } from '../deps';
import { emailAllowed } from '../notifications/preferences';
import type { MailMessage, MailTransport } from './transport';

/** Outbox kind of a mail. */
export const MAIL_KIND = 'mail';

/**
 * Queues a mail in the outbox. Call it inside the transaction of the change the mail is about,
 * so it is sent if and only if that change committed. `key` (optional) makes it idempotent, e.g.
 * `order:<id>:receipt`. Returns the outbox row id, or null when `key` was queued before.
 */
export async function enqueueMail(
  db: DbOrTx,
  message: MailMessage,
  key?: string,
): Promise<string | null> {
  const [id] = await enqueue(db, { kind: MAIL_KIND, payload: message, key });
  return id ?? null;
}

/**
 * The outbox handler of `mail` rows: delivers through `transport`. A mail past its `expiresAt`
 * (an OTP) is given up on; a sensitive mail's row keeps no code once delivered. Not sent (the
 * row is done): a mail to a reserved `.invalid` address (a deleted account's placeholder, RFC
 * 2606), and, with `db`, a mail of a `preferenceKind` its recipient switched off (issue #9).
 */
export function mailHandler(transport: MailTransport, clock: Clock, db?: DbOrTx): OutboxHandler {
  return (async (message: MailMessage, ctx) => {
    if (message.expiresAt && Date.parse(message.expiresAt) <= clock.now().getTime()) {
      throw new PermanentDeliveryError('expired before it could be delivered');
    }
    if (/\.invalid$/i.test(message.to)) return;
    if (db && message.preferenceKind) {
      if (!(await emailAllowed(db, message.to, message.preferenceKind))) return;
    }
    await transport.send(message, ctx.id);
    if (message.sensitive || message.otp) {
      return { payload: { to: message.to, redacted: 'one-time code removed after delivery' } };
    }
  }) as OutboxHandler;
}
