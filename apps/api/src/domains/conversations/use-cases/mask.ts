/**
 * Contact masking on the way out (deps `maskMessages`, the quotes domain's rule for
 * conversations linked to a quote request): message bodies as one reader may see them.
 */
import type {
  Conversation,
  ConversationListQuery,
  Message,
  MessageListQuery,
  MessagePage,
} from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import type { ConversationsDeps } from '../deps';
import type { Caller } from '../policy';
import { type ConversationRow, findConversation } from '../repository';
import { conversationFor } from './access';
import { listConversationsFor, listMessagesFor } from './read';

type Deps = Pick<ConversationsDeps, 'maskMessages'>;

/** The reader's masking of conversation `c`, or null when bodies go out as written. */
export async function maskerFor(deps: Deps, db: DbOrTx, c: ConversationRow, readerId: string) {
  return deps.maskMessages ? deps.maskMessages(db, c, readerId) : null;
}

/** `messages` (of conversation `conversationId`) as `readerId` may see them. */
export async function maskMessagesFor<T extends Message>(
  deps: Deps,
  db: DbOrTx,
  conversationId: string,
  readerId: string,
  messages: T[],
): Promise<T[]> {
  if (!deps.maskMessages || messages.length === 0) return messages;
  const c = await findConversation(db, conversationId);
  const mask = c ? await maskerFor(deps, db, c, readerId) : null;
  if (!mask) return messages;
  return messages.map((m) => ({ ...m, body: mask(m.body, m.sender.id) }));
}

/** A conversation's last message as `readerId` may see it. */
export async function maskConversationFor(
  deps: Deps,
  db: DbOrTx,
  readerId: string,
  conversation: Conversation,
): Promise<Conversation> {
  const last = conversation.lastMessage;
  if (!last || !deps.maskMessages) return conversation;
  const [masked] = await maskMessagesFor(deps, db, conversation.id, readerId, [last]);
  return { ...conversation, lastMessage: masked ?? last };
}

/** `GET /v1/conversations` as the caller may see it: each last message masked for them. */
export async function listConversationsMasked(
  deps: Deps & Pick<ConversationsDeps, 'db'>,
  caller: Caller,
  query: ConversationListQuery & { page: number; pageSize: number },
) {
  const page = await listConversationsFor(deps.db, caller, query);
  const items = await Promise.all(
    page.items.map((c) => maskConversationFor(deps, deps.db, caller.id, c)),
  );
  return { ...page, items };
}

/** `GET /v1/conversations/{id}` with its last message masked for the caller. */
export async function conversationMasked(
  deps: Deps & Pick<ConversationsDeps, 'db'>,
  caller: Caller,
  id: string,
): Promise<Conversation> {
  return maskConversationFor(deps, deps.db, caller.id, await conversationFor(deps.db, caller, id));
}

/** `GET /v1/conversations/{id}/messages` with the bodies masked for the caller. */
export async function listMessagesMasked(
  deps: Deps & Pick<ConversationsDeps, 'db'>,
  caller: Caller,
  id: string,
  query: MessageListQuery & { limit: number },
): Promise<MessagePage> {
  const page = await listMessagesFor(deps.db, caller, id, query);
  return { ...page, items: await maskMessagesFor(deps, deps.db, id, caller.id, page.items) };
}
