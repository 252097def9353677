import type { DbOrTx } from '../../../db/client';
import type { EventBus } from '../../../platform/types';
import * as policy from '../policy';
import { loadFor, participantIds } from './access';

/**
 * `POST /v1/conversations/{id}/typing`: an ephemeral hint to the other participants, published
 * straight on the events bus — the one side effect not enqueued as a job: nothing is stored,
 * and losing one is harmless.
 * @throws AppError 404 `conversation_not_found` when the caller is not on either side.
 */
export async function sendTyping(
  { db, events }: { db: DbOrTx; events: EventBus },
  caller: policy.Caller,
  id: string,
): Promise<{ sent: true }> {
  const { row, side } = await loadFor(db, caller, id);
  const c = row.conversation;
  const name =
    side === 'user'
      ? row.customerName
      : c.kind === 'support'
        ? policy.SUPPORT_TEAM_NAME
        : (row.vendorName ?? 'Pro');
  const frame = { type: 'typing', data: { conversationId: id, userId: caller.id, name } };
  const others = (await participantIds(db, c)).filter((u) => u !== caller.id);
  await Promise.all(others.map((u) => events.publish(`user:${u}`, frame)));
  return { sent: true };
}
