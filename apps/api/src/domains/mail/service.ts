import type { DbOrTx } from '../../db/client';
import { enqueue } from '../../jobs/engine';
import { mailJob } from './jobs/mail';
import type { MailMessage } from './transport';

/**
 * Queues a mail (job `mail`, ./jobs/mail.ts). Call it inside the transaction of the change the mail is about,
 * so it is sent if and only if that change committed. `key` (optional) makes it idempotent, e.g.
 * `order:<id>:receipt`. Returns the outbox row id, or null when `key` was queued before.
 */
export async function enqueueMail(
  db: DbOrTx,
  message: MailMessage,
  key?: string,
): Promise<string | null> {
  return enqueue(db, mailJob, message, { key });
}
