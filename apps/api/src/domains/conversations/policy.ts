/**
 * Pure rules of the conversations domain: who is on which side of a conversation,
 * who may read it, when a message counts as read, and the unread-mail burst.
 */
import type { Role } from '@vetted/contract';

/** A conversation's two sides: `user` (customer, or the opener of a support chat) and `other`. */
export type Side = 'user' | 'other';

/** What the access rules need of a conversation. */
export interface ConversationParties {
  kind: 'direct' | 'support';
  userId: string;
  vendorUserId: string | null;
}

/** What the access rules need of the caller. */
export interface Caller {
  id: string;
  role: Role;
}

/**
 * The caller's side of the conversation, or null when they may not see it at all: its user, the
 * pro of a direct conversation, or any admin for a support chat. Everyone else gets the same 404
 * as for a random id (no IDOR oracle).
 */
export function sideOf(c: ConversationParties, caller: Caller): Side | null {
  if (caller.id === c.userId) return 'user';
  if (c.kind === 'direct' && caller.id === c.vendorUserId) return 'other';
  if (c.kind === 'support' && caller.role === 'admin') return 'other';
  return null;
}

/**
 * Whether the caller may see the images sent in a conversation: its participants (any side, see
 * {@link sideOf}) and admins, who may need them for support on a direct conversation too
 * (a dispute about a job). Everyone else gets the 404 of a random file.
 */
export function mayViewAttachments(c: ConversationParties, caller: Caller): boolean {
  return sideOf(c, caller) !== null || caller.role === 'admin';
}

/** The opposite side. */
export const otherSide = (side: Side): Side => (side === 'user' ? 'other' : 'user');

/**
 * Whether a message sent at `sentAt` by `senderSide` has been read: the opposite side's read
 * position (`readAt` of that side) reached it.
 */
export function isReadBy(readerReadAt: Date | null, sentAt: Date): boolean {
  return readerReadAt !== null && readerReadAt.getTime() >= sentAt.getTime();
}

/** A mail goes out when a message stays unread this long (10 minutes). */
export const UNREAD_MAIL_DELAY_MS = 10 * 60_000;

/** The sliding window of the per-sender rate limit (spec leaves it open: per minute). */
export const RATE_WINDOW_MS = 60_000;

/**
 * The outbox key of the unread-mail (and in-app notification) of one *burst*: every message the
 * recipient receives between two of their reads shares it, so a burst yields one mail and one
 * notification however many messages it holds. A read moves the recipient's read position, and
 * the next message starts a new burst.
 */
export function burstKey(
  what: 'mail' | 'notification',
  conversationId: string,
  recipientId: string,
  recipientReadAt: Date | null,
): string {
  return `conversation:${conversationId}:${what}:${recipientId}:${recipientReadAt?.toISOString() ?? 'never'}`;
}

/** The first word of a name ("Ana Lopez" → "Ana"), or the whole trimmed name. */
export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;

/** How a support agent is shown to users: "Vetted support · Ana". */
export const supportAgentName = (fullName: string) => `Vetted support · ${firstName(fullName)}`;

/** The counterpart shown for the support team on the user's side. */
export const SUPPORT_TEAM_NAME = 'Vetted support';
