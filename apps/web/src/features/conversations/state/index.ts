/*
 * Conversations: customer ↔ pro messages and support chats. The reads (./reads), the store of
 * messages being sent (./pending-store), sending and retrying (./send), read receipts
 * (./read-receipts), typing (./typing), one open thread with all of them (./thread), the view
 * mapping for ChatThread (./view) and the writes (./writes). Import from here.
 */
export { type PendingMessage, pendingMessages } from './pending-store';
export { useMarkRead } from './read-receipts';
export {
  CONVERSATION_PAGE_SIZE,
  flattenPages,
  MESSAGE_PAGE_SIZE,
  messagePageKey,
  useConversation,
  useConversationUnreadTotal,
  useConversations,
  useMessages,
} from './reads';
export { useSendMessage } from './send';
export { useConversationThread } from './thread';
export { useTyping } from './typing';
export { toChatMessages } from './view';
export { useOpenConversation, useSupportActions } from './writes';
