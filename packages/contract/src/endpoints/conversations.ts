import { z } from 'zod';
import {
  assignConversationBodySchema,
  conversationListQuerySchema,
  conversationPageSchema,
  conversationSchema,
  messageListQuerySchema,
  messagePageSchema,
  messageSchema,
  openConversationBodySchema,
  readReceiptSchema,
  sendMessageBodySchema,
} from '../conversations';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** Conversations (customer and pro, support chats) and their messages. */
export const conversationEndpoints = {
  openConversation: {
    ...routes.openConversation,
    body: openConversationBodySchema,
    response: conversationSchema,
    summary: 'Open (or get back) a direct conversation with a pro, or open a support chat',
  },
  listConversations: {
    ...routes.listConversations,
    query: conversationListQuerySchema,
    response: conversationPageSchema,
    summary: "The caller's conversations, newest activity first (admins: every support chat)",
  },
  getConversation: {
    ...routes.getConversation,
    params: idParamsSchema,
    response: conversationSchema,
    summary: 'One conversation (its participants, and admins for support chats; 404 otherwise)',
  },
  listMessages: {
    ...routes.listMessages,
    params: idParamsSchema,
    query: messageListQuerySchema,
    response: messagePageSchema,
    summary: 'A page of messages, oldest to newest; `before` pages back',
  },
  sendMessage: {
    ...routes.sendMessage,
    params: idParamsSchema,
    body: sendMessageBodySchema,
    response: messageSchema,
    summary:
      'Send a message (JSON `{ body }`, or multipart with `body` and `images`); honours Idempotency-Key',
  },
  markConversationRead: {
    ...routes.markConversationRead,
    params: idParamsSchema,
    response: readReceiptSchema,
    summary: 'Mark everything up to now read for the caller',
  },
  sendTyping: {
    ...routes.sendTyping,
    params: idParamsSchema,
    response: z.object({ sent: z.literal(true) }),
    summary: 'Tell the other side the caller is typing (not stored)',
  },
  assignConversation: {
    ...routes.assignConversation,
    params: idParamsSchema,
    body: assignConversationBodySchema,
    response: conversationSchema,
    summary: 'Assign a support chat to an admin (default the caller; admins only)',
  },
  resolveConversation: {
    ...routes.resolveConversation,
    params: idParamsSchema,
    response: conversationSchema,
    summary: 'Mark a support chat resolved (admins only)',
  },
  reopenConversation: {
    ...routes.reopenConversation,
    params: idParamsSchema,
    response: conversationSchema,
    summary: 'Reopen a resolved support chat (admins only)',
  },
} as const satisfies Record<string, EndpointDef>;
