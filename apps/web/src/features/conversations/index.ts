/*
 * The conversations feature as other features see it: the only module they import from it.
 */

export { ConversationList } from './conversation-list';
export { ConversationThread } from './conversation-thread';
export { ConversationThreadView } from './conversation-thread-view';
export { ConversationsLayout } from './conversations-layout';
export { MessageButton } from './message-button';
export { useInboxParams } from './messages';
export {
  CONVERSATION_PAGE_SIZE,
  toChatMessages,
  useConversations,
  useSupportActions,
} from './state/index';
