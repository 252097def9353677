import { isValidStorageKey, type Storage } from '../../../services/storage';
import { ATTACHMENT_PREFIX, type ConversationsDeps } from '../deps';
import * as policy from '../policy';
import { findConversation } from '../repository';

/** A UUID in its canonical text form (conversation ids). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /media/messages/{conversationId}/{file}`: where the attachment `file` (an image or its
 * thumbnail) of the conversation is stored, for its participants and for admins (support);
 * null — the 404 of a random id — for anyone else, the anonymous included, and for a
 * missing file. Attachments sent before they moved to private storage are found in the
 * public store.
 */
export async function findAttachment(
  { db, storage, legacyStorage }: Pick<ConversationsDeps, 'db' | 'storage' | 'legacyStorage'>,
  caller: policy.Caller | null,
  conversationId: string,
  file: string,
): Promise<{ storage: Storage; key: string } | null> {
  const key = `${ATTACHMENT_PREFIX}/${conversationId}/${file}`;
  if (!caller || !UUID.test(conversationId) || file.includes('/')) return null;
  if (!isValidStorageKey(key)) return null;
  const c = await findConversation(db, conversationId);
  if (!c || !policy.mayViewAttachments(c, caller)) return null;
  if (await storage.exists(key)) return { storage, key };
  if (legacyStorage && (await legacyStorage.exists(key))) {
    return { storage: legacyStorage, key };
  }
  return null;
}
