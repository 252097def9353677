import type { DeliveryContext } from '../../../jobs/define';
import { enqueueMail } from '../../mail';
import type { ConversationsDeps } from '../deps';
import { attachmentsOf, toMessageDto } from '../dto';
import { findMessage, unreadFor } from '../message-repository';
import * as msg from '../messages';
import { findUser } from '../parties-repository';
import * as policy from '../policy';
import { findConversation, loadListRow } from '../repository';
import { maskerFor } from './mask';

/** The payload of `conversation.unread_mail` (../jobs/unread-mail.ts). */
export interface UnreadMailPayload {
  conversationId: string;
  recipientId: string;
  /** ISO instant of the first message of the burst. */
  since: string;
}

/**
 * What `conversation.unread_mail` runs 10 minutes after the first message of a burst: if the
 * recipient has still not read it, it queues one mail (keyed by the job, so a redelivery queues
 * nothing twice) naming the sender, the unread count and the last message, with a link to the
 * thread.
 */
export async function mailUnreadMessages(
  { db, config, maskMessages }: Pick<ConversationsDeps, 'db' | 'config' | 'maskMessages'>,
  p: UnreadMailPayload,
  ctx: DeliveryContext,
): Promise<void> {
  const c = await findConversation(db, p.conversationId);
  if (!c) return;
  const side: policy.Side = p.recipientId === c.userId ? 'user' : 'other';
  const readAt = side === 'user' ? c.userReadAt : c.otherReadAt;
  if (policy.isReadBy(readAt, new Date(p.since))) return;
  const unread = await unreadFor(db, c, side);
  if (unread.n === 0 || !unread.last) return;
  const [recipient, last] = await Promise.all([
    findUser(db, p.recipientId),
    findMessage(db, unread.last.id),
  ]);
  if (!recipient || !last) return;
  const row = await loadListRow(db, { id: recipient.id, role: 'customer' }, c.id);
  const dto = toMessageDto(last, c, row?.vendorName ?? null);
  const mask = await maskerFor({ maskMessages }, db, c, recipient.id);
  const body = mask ? mask(last.message.body, last.message.senderId) : last.message.body;
  const link = `${config.publicUrl.replace(/\/$/, '')}${msg.threadLink(
    c.kind,
    recipient.role as 'customer',
    c.id,
  )}`;
  await enqueueMail(
    db,
    msg.unreadMessagesMail({
      to: recipient.email,
      recipientName: recipient.fullName,
      senderName: dto.sender.name,
      unread: unread.n,
      lastPreview: msg.preview(body, attachmentsOf(last.message).length),
      link,
    }),
    `${ctx.key}:mail`,
  );
}
