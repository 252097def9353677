/**
 * The support desk as the orders domain reaches it: the conversations domain's public service
 * (`open` a support chat, `send` its first message), bound to the app's dependencies.
 */
import type { Storage } from '../../services/storage';
import { type ConversationsDeps, createConversationsService } from '../conversations';
import type { SupportChats } from './deps';

/** What the support desk is built from: the app's services (the Fastify app has them all). */
export type SupportDeskSource = Omit<ConversationsDeps, 'storage' | 'legacyStorage'> & {
  /** Message images are private: the store the conversations routes use too. */
  privateStorage: Storage;
};

/**
 * The {@link SupportChats} of the conversations service built from `app`: `openChat` opens a
 * support chat for `user` with `subject` (≤ 120 characters) and sends `text` as its first
 * message, as that user, so support sees it in their inbox. Returns the chat's id.
 * @throws what the conversations service throws (e.g. 429 `rate_limited`)
 */
export function supportChats(app: SupportDeskSource): SupportChats {
  const { db, clock, config, log, events, privateStorage } = app;
  const conversations = createConversationsService({
    db,
    clock,
    config,
    log,
    events,
    storage: privateStorage,
  });
  return {
    async openChat(user, subject, text) {
      const chat = await conversations.open(user, { kind: 'support', subject });
      await conversations.send(user, chat.id, { body: text, images: [] });
      return chat.id;
    },
  };
}
