/**
 * The conversations domain as the rest of the API sees it: the only module other domains import
 * from conversations (ARCHITECTURE §1a). Everything else under conversations/ is private to it.
 */
export { unreadMailJob } from './jobs/unread-mail';
export { default as conversationRoutes } from './routes';
export {
  ATTACHMENT_PREFIX,
  type ConversationsDeps,
  type ConversationsService,
  createConversationsService,
  type MessageMasker,
  type NewMessageInput,
  openQuoteConversation,
} from './service';
