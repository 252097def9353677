/**
 * Output mapping of the conversations domain: stored rows → the contract's `Message` and
 * `Conversation`, as one caller sees them.
 */
import type { Conversation, Message } from '@vetted/contract';
import { mediaUrl, privateMediaUrl } from '../../services/images';
import type { MessageRow, MessageWithSender, StoredAttachment } from './message-repository';
import * as policy from './policy';
import type { ConversationListRow, ConversationRow } from './repository';

/** The stored images of a message (none when the column holds anything but a list). */
export function attachmentsOf(row: MessageRow): StoredAttachment[] {
  return Array.isArray(row.attachments) ? (row.attachments as StoredAttachment[]) : [];
}

/**
 * The API shape of a message. `vendorName` names the pro's messages in a direct conversation
 * (customers know a pro by business name); an admin in a support chat is "Vetted support · Ana".
 */
export function toMessageDto(
  m: MessageWithSender,
  c: ConversationRow,
  vendorName: string | null,
): Message {
  const { message } = m;
  const fromOther = message.senderSide === 'other';
  const role = fromOther && c.kind === 'support' ? 'support' : fromOther ? 'vendor' : 'customer';
  const name =
    role === 'support'
      ? policy.supportAgentName(m.senderName)
      : role === 'vendor'
        ? (vendorName ?? m.senderName)
        : m.senderName;
  const readerReadAt = fromOther ? c.userReadAt : c.otherReadAt;
  return {
    id: message.id,
    conversationId: message.conversationId,
    sender: { id: message.senderId, name, role },
    body: message.body,
    attachments: attachmentsOf(message).map((a) => ({
      url: privateMediaUrl(a.key),
      thumbUrl: privateMediaUrl(`${a.key}.thumb.webp`),
      width: a.width,
      height: a.height,
    })),
    createdAt: message.createdAt.toISOString(),
    readAt:
      readerReadAt && policy.isReadBy(readerReadAt, message.createdAt)
        ? readerReadAt.toISOString()
        : null,
  };
}

const avatar = (key: string | null) => (key ? mediaUrl(key) : null);

/** Who the caller talks to in a conversation: the support team, the customer or the pro. */
function counterpartOf(row: ConversationListRow): Conversation['counterpart'] {
  const c = row.conversation;
  const customer = {
    name: row.customerName,
    avatarUrl: avatar(row.customerAvatarKey),
    vendorId: null,
  };
  if (row.side !== 'user') return customer;
  if (c.kind === 'support') {
    return { name: policy.SUPPORT_TEAM_NAME, avatarUrl: null, vendorId: null };
  }
  return {
    name: row.vendorName ?? 'Pro',
    avatarUrl: avatar(row.vendorAvatarKey),
    vendorId: c.vendorId,
  };
}

/** The API shape of a conversation for the caller whose side `row.side` is. */
export function toConversationDto(
  row: ConversationListRow,
  last: MessageWithSender | undefined,
): Conversation {
  const c = row.conversation;
  return {
    id: c.id,
    kind: c.kind,
    subject: c.subject,
    status: c.status,
    counterpart: counterpartOf(row),
    lastMessage: last ? toMessageDto(last, c, row.vendorName) : null,
    order:
      c.orderId && row.orderReference
        ? { id: c.orderId, reference: row.orderReference, serviceTitle: row.serviceTitle ?? '' }
        : null,
    unreadCount: row.unreadCount,
    assignee:
      c.assigneeId && row.assigneeName ? { id: c.assigneeId, name: row.assigneeName } : null,
    lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}
