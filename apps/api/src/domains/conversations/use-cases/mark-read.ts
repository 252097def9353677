import type { ReadReceipt } from '@vetted/contract';
import type { Db, DbOrTx } from '../../../db/client';
import type { Clock } from '../../deps';
import { pushToUsers } from '../../notifications';
import type { Caller } from '../policy';
import { updateConversation } from '../repository';
import { loadFor, participantIds } from './access';

/**
 * `POST /v1/conversations/{id}/read`: the caller's side has read everything up to now; the
 * other side's sockets get `{ type: 'read' }` so their messages show as read.
 * @throws AppError 404 `conversation_not_found` when the caller is not on either side.
 */
export async function markConversationRead(
  { db, clock }: { db: Db; clock: Clock },
  caller: Caller,
  id: string,
): Promise<ReadReceipt> {
  const { row, side } = await loadFor(db, caller, id);
  const c = row.conversation;
  const current = side === 'user' ? c.userReadAt : c.otherReadAt;
  // Nothing new to read: answer the current position without writing anything.
  if (current && row.unreadCount === 0) {
    return { conversationId: id, readAt: current.toISOString() };
  }
  const now = clock.now();
  const readAt = current && current > now ? current : now;
  await db.transaction(async (tx: DbOrTx) => {
    await updateConversation(
      tx,
      id,
      side === 'user' ? { userReadAt: readAt } : { otherReadAt: readAt },
    );
    await pushToUsers(tx, await participantIds(tx, c), {
      type: 'read',
      data: { conversationId: id, readAt: readAt.toISOString(), readerId: caller.id },
    });
  });
  return { conversationId: id, readAt: readAt.toISOString() };
}
