import { z } from 'zod';
import { type DeliveryContext, defineJob } from '../../../jobs/define';

const payload = z.object({
  conversationId: z.string(),
  recipientId: z.string(),
  since: z.string(),
});

/** What it runs: the conversations service's `handlers.unreadMail`. */
export interface UnreadMailDeps {
  handlers: { unreadMail(job: z.output<typeof payload>, ctx: DeliveryContext): Promise<void> };
}

/**
 * `conversation.unread_mail`, due 10 minutes after the first message of a burst: mails the
 * recipient if they still have not read it (`handlers.unreadMail`).
 */
export const unreadMailJob = defineJob({
  name: 'conversation.unread_mail',
  payload,
  run: (payload, ctx, conversations: UnreadMailDeps) =>
    conversations.handlers.unreadMail(payload, ctx),
});
