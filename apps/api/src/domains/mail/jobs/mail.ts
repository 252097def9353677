import { notificationPreferenceKindSchema } from '@vetted/contract';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client';
import { defineJob, PermanentDeliveryError } from '../../../jobs/define';
import type { Clock } from '../../deps';
import { emailAllowed } from '../../notifications';
import type { MailTransport } from '../transport';

/** A queued mail (`MailMessage` of ../transport.ts). */
export const mailMessageSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  otp: z.string().optional(),
  /** ISO instant after which the mail is pointless (an OTP): given up on, not sent. */
  expiresAt: z.string().optional(),
  sensitive: z.boolean().optional(),
  preferenceKind: notificationPreferenceKindSchema.optional(),
  /** Text files sent with the mail (`MailAttachment`), e.g. a booking's `invite.ics`. */
  attachments: z
    .array(z.object({ filename: z.string(), contentType: z.string(), content: z.string() }))
    .optional(),
});

/**
 * `mail`: delivers through the transport. A mail past its `expiresAt` (an OTP) is given up on; a
 * sensitive mail's row keeps no code once delivered. Not sent (the row is done): a mail to a
 * reserved `.invalid` address (a deleted account's placeholder, RFC 2606), and a mail of a
 * `preferenceKind` its recipient switched off.
 */
export const mailJob = defineJob({
  name: 'mail',
  payload: mailMessageSchema,
  async run(message, ctx, deps: { transport: MailTransport; clock: Clock; db: DbOrTx }) {
    if (message.expiresAt && Date.parse(message.expiresAt) <= deps.clock.now().getTime()) {
      throw new PermanentDeliveryError('expired before it could be delivered');
    }
    if (/\.invalid$/i.test(message.to)) return;
    if (message.preferenceKind) {
      if (!(await emailAllowed(deps.db, message.to, message.preferenceKind))) return;
    }
    await deps.transport.send(message, ctx.id);
    if (message.sensitive || message.otp) {
      return { payload: { to: message.to, redacted: 'one-time code removed after delivery' } };
    }
  },
});
