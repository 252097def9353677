import type { DbOrTx } from '../../db/client';
import type { EventBus } from '../../platform/types';
import type { Storage } from '../../services/storage';
import type { ServiceDeps } from '../deps';
import type { ConversationRow } from './repository';

/**
 * Contact masking of a conversation for one reader (given by the quotes domain, which owns the
 * rule): null when the reader sees every message as written, else the body of a message from
 * `senderId` as the reader may see it. Read paths, live frames, notices and unread mails apply it.
 */
export type MessageMasker = (
  db: DbOrTx,
  conversation: ConversationRow,
  readerId: string,
) => Promise<((body: string, senderId: string) => string) | null>;

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
  /** Masks contact details for the reader (quote conversations); none: bodies as written. */
  maskMessages?: MessageMasker;
}

/** Storage prefix of message attachments. */
export const ATTACHMENT_PREFIX = 'messages';
