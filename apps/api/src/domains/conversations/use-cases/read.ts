import type { ConversationListQuery, MessageListQuery, MessagePage } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { toConversationDto, toMessageDto } from '../dto';
import { lastMessages, listMessages } from '../message-repository';
import type { Caller } from '../policy';
import { listConversations } from '../repository';
import { loadFor } from './access';

/** `GET /v1/conversations`: a page, newest activity first, with the unread total. */
export async function listConversationsFor(
  db: DbOrTx,
  caller: Caller,
  query: ConversationListQuery & { page: number; pageSize: number },
) {
  const { rows, total, unreadTotal } = await listConversations(db, caller, query, query);
  const last = await lastMessages(
    db,
    rows.map((r) => r.conversation.id),
  );
  return {
    items: rows.map((r) => toConversationDto(r, last.get(r.conversation.id))),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.ceil(total / query.pageSize),
    unreadTotal,
  };
}

/**
 * `GET /v1/conversations/{id}/messages`: newest page first; items oldest to newest.
 * @throws AppError 404 `conversation_not_found` when the caller is not on either side.
 */
export async function listMessagesFor(
  db: DbOrTx,
  caller: Caller,
  id: string,
  query: MessageListQuery & { limit: number },
): Promise<MessagePage> {
  const { row } = await loadFor(db, caller, id);
  const { rows, hasMore } = await listMessages(db, id, query);
  const items = rows.reverse().map((m) => toMessageDto(m, row.conversation, row.vendorName));
  return { items, nextCursor: hasMore ? (items[0]?.id ?? null) : null };
}
