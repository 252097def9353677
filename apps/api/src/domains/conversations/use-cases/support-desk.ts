/** The support team's use cases on a support chat: assign, resolve, reopen (admins only). */
import type { Conversation } from '@vetted/contract';
import type { Db } from '../../../db/client';
import { pushToUsers } from '../../notifications';
import * as msg from '../messages';
import { findUser } from '../parties-repository';
import type { Caller } from '../policy';
import { lockConversation, updateConversation } from '../repository';
import { conversationFor, participantIds, requireSupportForAdmin } from './access';

/** Changes a support chat and tells its participants' sockets (`{ type: 'conversation' }`). */
async function setSupportState(
  db: Db,
  caller: Caller,
  id: string,
  set: { status?: 'open' | 'resolved'; assigneeId?: string },
): Promise<Conversation> {
  await db.transaction(async (tx) => {
    const c = await lockConversation(tx, id);
    if (!c) throw msg.conversationNotFound();
    await updateConversation(tx, id, set);
    await pushToUsers(tx, await participantIds(tx, c), {
      type: 'conversation',
      data: { id, status: set.status ?? c.status },
    });
  });
  return conversationFor(db, caller, id);
}

/**
 * `POST /v1/admin/conversations/{id}/assign`: to `assigneeId` (an admin) or the caller.
 * @throws AppError 404 `conversation_not_found` (not a support chat, or not an admin);
 *   400 `invalid_assignee` when `assigneeId` is not an admin.
 */
export async function assignSupportChat(
  db: Db,
  caller: Caller,
  id: string,
  assigneeId?: string,
): Promise<Conversation> {
  await requireSupportForAdmin(db, caller, id);
  const target = assigneeId ?? caller.id;
  if (target !== caller.id) {
    const user = await findUser(db, target);
    if (user?.role !== 'admin') throw msg.invalidAssignee();
  }
  return setSupportState(db, caller, id, { assigneeId: target });
}

/**
 * `POST /v1/admin/conversations/{id}/resolve` and `…/reopen`: the chat's status.
 * @throws AppError 404 `conversation_not_found` (not a support chat, or not an admin).
 */
export async function setSupportChatStatus(
  db: Db,
  caller: Caller,
  id: string,
  status: 'open' | 'resolved',
): Promise<Conversation> {
  await requireSupportForAdmin(db, caller, id);
  return setSupportState(db, caller, id, { status });
}
