/**
 * The conversations domain's service: open a direct conversation or a support chat, list the
 * inbox, page through messages, send (text and images, idempotent, rate limited), mark read,
 * typing, and the support team's assign / resolve / reopen. Each use case is its own file under
 * ./use-cases; this binds them to the app's dependencies. Side effects — the realtime
 * `message` / `read` / `conversation` frames, the in-app notification and the unread mail — are
 * jobs enqueued in the use case's transaction; a sent message's `message` frames are published
 * by the send itself right after commit, their jobs delivering only what that could not
 * (jobs/after-commit.ts). Typing is the one exception: an ephemeral hint published straight on
 * the events bus (nothing is stored, losing one is harmless).
 */
import type {
  Conversation,
  ConversationListQuery,
  Message,
  MessageListQuery,
  MessagePage,
  OpenConversationBody,
  ReadReceipt,
} from '@vetted/contract';
import type { DeliveryContext } from '../../jobs/define';
import type { Storage } from '../../services/storage';
import type { ConversationsDeps } from './deps';
import type { Caller } from './policy';
import { findAttachment } from './use-cases/attachment';
import { markConversationRead } from './use-cases/mark-read';
import { conversationMasked, listConversationsMasked, listMessagesMasked } from './use-cases/mask';
import { openConversation } from './use-cases/open';
import { type NewMessageInput, sendMessage } from './use-cases/send';
import { assignSupportChat, setSupportChatStatus } from './use-cases/support-desk';
import { sendTyping } from './use-cases/typing';
import { mailUnreadMessages, type UnreadMailPayload } from './use-cases/unread-mail';

export { ATTACHMENT_PREFIX, type ConversationsDeps, type MessageMasker } from './deps';
export { openQuoteConversation } from './use-cases/open';
export type { NewMessageInput } from './use-cases/send';

export function createConversationsService(deps: ConversationsDeps) {
  const { db } = deps;
  return {
    /** `POST /v1/conversations`: see {@link openConversation}. */
    open: (caller: Caller, body: OpenConversationBody): Promise<Conversation> =>
      openConversation(deps, caller, body),

    /**
     * `GET /v1/conversations`: a page, newest activity first, with the unread total (last
     * messages masked for the caller where `deps.maskMessages` says so).
     */
    list: (caller: Caller, query: ConversationListQuery & { page: number; pageSize: number }) =>
      listConversationsMasked(deps, caller, query),

    /** `GET /v1/conversations/{id}`. @throws 404 when the caller is not on either side. */
    get: (caller: Caller, id: string): Promise<Conversation> =>
      conversationMasked(deps, caller, id),

    /** `GET /v1/conversations/{id}/messages`: newest page first; items oldest to newest. */
    listMessages: (
      caller: Caller,
      id: string,
      query: MessageListQuery & { limit: number },
    ): Promise<MessagePage> => listMessagesMasked(deps, caller, id, query),

    /**
     * `POST /v1/conversations/{id}/messages`. With `idempotencyKey`, a resend returns the first
     * message (422 when the key was used in another conversation). See {@link sendMessage}.
     * @throws 400 `empty_message` / `too_many_images`, 413 `image_too_large`, 429
     *   `rate_limited` (with `retryAfterS`), 404 when the caller is not a participant.
     */
    send: (
      caller: Caller,
      id: string,
      input: NewMessageInput,
      idempotencyKey?: string,
    ): Promise<Message> => sendMessage(deps, caller, id, input, idempotencyKey),

    /** `POST /v1/conversations/{id}/read`: see {@link markConversationRead}. */
    markRead: (caller: Caller, id: string): Promise<ReadReceipt> =>
      markConversationRead(deps, caller, id),

    /** `POST /v1/conversations/{id}/typing`: an ephemeral hint to the other participants. */
    typing: (caller: Caller, id: string): Promise<{ sent: true }> => sendTyping(deps, caller, id),

    /**
     * `GET /media/messages/{conversationId}/{file}`: where the attachment is stored, for its
     * participants and admins; null (the 404 of a random id) for anyone else. See
     * {@link findAttachment}.
     */
    attachment: (
      caller: Caller | null,
      conversationId: string,
      file: string,
    ): Promise<{ storage: Storage; key: string } | null> =>
      findAttachment(deps, caller, conversationId, file),

    /** `POST /v1/admin/conversations/{id}/assign`: to `assigneeId` (an admin) or the caller. */
    assign: (caller: Caller, id: string, assigneeId?: string): Promise<Conversation> =>
      assignSupportChat(db, caller, id, assigneeId),

    /** `POST /v1/admin/conversations/{id}/resolve`. */
    resolve: (caller: Caller, id: string): Promise<Conversation> =>
      setSupportChatStatus(db, caller, id, 'resolved'),

    /** `POST /v1/admin/conversations/{id}/reopen`. */
    reopen: (caller: Caller, id: string): Promise<Conversation> =>
      setSupportChatStatus(db, caller, id, 'open'),

    /**
     * What this domain's jobs run (./jobs/*.ts): `conversation.unread_mail`, see
     * {@link mailUnreadMessages}.
     */
    handlers: {
      unreadMail: (p: UnreadMailPayload, ctx: DeliveryContext) => mailUnreadMessages(deps, p, ctx),
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
