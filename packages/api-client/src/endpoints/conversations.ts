import type {
  AssignConversationBody,
  ConversationListQuery,
  MessageListQuery,
  OpenConversationBody,
  SendMessageBody,
} from '@vetted/contract';
import type { Call, CallOptions } from './call';

/** `conversations.*` of the typed API: conversations with pros, support chats, and their messages. */
export function conversationsApi(call: Call) {
  return {
    /**
     * `POST /conversations` — opens (or gets back) the direct conversation with a pro
     * (`{ kind: 'direct', vendorId }` or `{ kind: 'direct', orderId }`), or a support chat
     * (`{ kind: 'support', subject }`).
     */
    open: (body: OpenConversationBody, options?: CallOptions) =>
      call('openConversation', { body }, options),
    /** `GET /conversations` — a page of conversations, newest activity first, with `unreadTotal`. */
    list: (query: ConversationListQuery = {}, options?: CallOptions) =>
      call('listConversations', { query }, options),
    /** `GET /conversations/:id` — one conversation. */
    get: (id: string, options?: CallOptions) =>
      call('getConversation', { params: { id } }, options),
    /** `GET /conversations/:id/messages` — a page of messages (oldest to newest); `before` pages back. */
    messages: (id: string, query: MessageListQuery = {}, options?: CallOptions) =>
      call('listMessages', { params: { id }, query }, options),
    /**
     * `POST /conversations/:id/messages` — sends `{ body }` as JSON. `idempotencyKey` (sent as
     * `Idempotency-Key`) makes a resend after a network error return the first message. Images
     * are sent as multipart (`body` + `images` files) by the web app's uploader, which reports
     * upload progress.
     */
    send: (
      id: string,
      body: SendMessageBody,
      { idempotencyKey, ...options }: CallOptions & { idempotencyKey?: string } = {},
    ) =>
      call(
        'sendMessage',
        { params: { id }, body },
        idempotencyKey
          ? { ...options, headers: { ...options.headers, 'Idempotency-Key': idempotencyKey } }
          : options,
      ),
    /** `POST /conversations/:id/read` — marks everything up to now read. */
    markRead: (id: string, options?: CallOptions) =>
      call('markConversationRead', { params: { id } }, options),
    /** `POST /conversations/:id/typing` — tells the other side the caller is typing. */
    typing: (id: string, options?: CallOptions) => call('sendTyping', { params: { id } }, options),
    /** `POST /admin/conversations/:id/assign` — assigns a support chat (default: the caller). */
    assign: (id: string, body: AssignConversationBody = {}, options?: CallOptions) =>
      call('assignConversation', { params: { id }, body }, options),
    /** `POST /admin/conversations/:id/resolve` — marks a support chat resolved. */
    resolve: (id: string, options?: CallOptions) =>
      call('resolveConversation', { params: { id } }, options),
    /** `POST /admin/conversations/:id/reopen` — reopens a resolved support chat. */
    reopen: (id: string, options?: CallOptions) =>
      call('reopenConversation', { params: { id } }, options),
  };
}
