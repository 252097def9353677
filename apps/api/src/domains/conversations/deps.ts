import type { EventBus } from '../../platform/types';
import type { Storage } from '../../services/storage';
import type { ServiceDeps } from '../deps';

/** What the conversations use cases are given (ARCHITECTURE §1a: never the Fastify instance). */
export interface ConversationsDeps extends ServiceDeps {
  /** Typing hints go straight to the bus (not through the outbox). */
  events: EventBus;
  /**
   * Where message images are stored (`messages/<conversation id>/<uuid>.webp` and its
   * `.thumb.webp`): the private store (`app.privateStorage`), which no CDN or public bucket
   * exposes; the `attachment` use case serves them to participants.
   */
  storage: Storage;
  /**
   * The public store, read only for attachments sent before they moved to private storage (they
   * keep their key, and their URL keeps working for participants).
   */
  legacyStorage?: Storage;
}

/** Storage prefix of message attachments. */
export const ATTACHMENT_PREFIX = 'messages';
