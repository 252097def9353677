/**
 * Who may see a conversation, and everyone who hears about it: the checks every conversations
 * use case starts with.
 */
import type { Conversation } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { toConversationDto } from '../dto';
import { lastMessages } from '../message-repository';
import * as msg from '../messages';
import { adminIds } from '../parties-repository';
import * as policy from '../policy';
import { type ConversationRow, findConversation, loadListRow } from '../repository';

/**
 * The conversation as a list row for the caller, and the caller's side of it.
 * @throws AppError 404 `conversation_not_found` — the 404 of a random id — when the caller is
 *   not on either side of it (no IDOR oracle).
 */
export async function loadFor(db: DbOrTx, caller: policy.Caller, id: string) {
  const row = await loadListRow(db, caller, id);
  const side = row ? policy.sideOf(row.conversation, caller) : null;
  if (!row || !side) throw msg.conversationNotFound();
  return { row, side };
}

/**
 * The conversation as the caller sees it, with its last message.
 * @throws AppError 404 `conversation_not_found` when the caller is not on either side.
 */
export async function conversationFor(
  db: DbOrTx,
  caller: policy.Caller,
  id: string,
): Promise<Conversation> {
  const { row } = await loadFor(db, caller, id);
  const last = await lastMessages(db, [id]);
  return toConversationDto(row, last.get(id));
}

/**
 * The support chat an admin acts on.
 * @throws AppError 404 `conversation_not_found` for anyone else, or a direct conversation.
 */
export async function requireSupportForAdmin(db: DbOrTx, caller: policy.Caller, id: string) {
  const c = await findConversation(db, id);
  if (c?.kind !== 'support' || caller.role !== 'admin') throw msg.conversationNotFound();
  return c;
}

/** Everyone whose sockets hear about a conversation: both parties, or the user and every admin. */
export async function participantIds(db: DbOrTx, c: ConversationRow): Promise<string[]> {
  if (c.kind === 'direct') return [c.userId, ...(c.vendorUserId ? [c.vendorUserId] : [])];
  return [c.userId, ...(await adminIds(db))];
}
