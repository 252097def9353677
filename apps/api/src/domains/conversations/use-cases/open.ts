import type { Conversation, OpenConversationBody } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { ConversationsDeps } from '../deps';
import * as msg from '../messages';
import { findApprovedVendor, findOrderParties } from '../parties-repository';
import type { Caller } from '../policy';
import { insertSupport, upsertDirect } from '../repository';
import { conversationFor } from './access';

/**
 * `POST /v1/conversations`. Direct with `vendorId`: customers only (403 otherwise); the pro
 * must be approved (404). Direct with `orderId`: either party of the order (404 otherwise);
 * links the order. The same customer and pro always get the same conversation. Support: a
 * new chat with `subject`, for any signed-in user.
 * @throws AppError 403 `forbidden`, 404 `vendor_not_found` / `order_not_found`
 */
export async function openConversation(
  { db, clock }: Pick<ConversationsDeps, 'db' | 'clock'>,
  caller: Caller,
  body: OpenConversationBody,
): Promise<Conversation> {
  if (body.kind === 'support') {
    const id = uuidv7();
    await insertSupport(db, {
      id,
      userId: caller.id,
      subject: body.subject ?? '',
      createdAt: clock.now(),
    });
    return conversationFor(db, caller, id);
  }
  if (body.vendorId) {
    if (caller.role !== 'customer') throw msg.onlyCustomersStart();
    const vendor = await findApprovedVendor(db, body.vendorId);
    if (!vendor) throw msg.vendorNotFound();
    const c = await upsertDirect(db, {
      id: uuidv7(),
      userId: caller.id,
      vendorId: vendor.id,
      vendorUserId: vendor.userId,
    });
    return conversationFor(db, caller, c.id);
  }
  const order = body.orderId ? await findOrderParties(db, body.orderId) : null;
  if (!order || (caller.id !== order.customerId && caller.id !== order.vendorUserId)) {
    throw msg.orderNotFound();
  }
  const c = await upsertDirect(db, {
    id: uuidv7(),
    userId: order.customerId,
    vendorId: order.vendorId,
    vendorUserId: order.vendorUserId,
    orderId: order.id,
  });
  return conversationFor(db, caller, c.id);
}

/**
 * The direct conversation of a customer and a pro (created when missing, race-safe), linked to
 * the quote request `quoteRequestId` (the last linked one), as `caller` — one of the two —
 * sees it. The quotes domain checks that the caller is a party of the request first.
 */
export async function openQuoteConversation(
  { db }: Pick<ConversationsDeps, 'db'>,
  caller: Caller,
  pair: { customerId: string; vendorId: string; vendorUserId: string; quoteRequestId: string },
): Promise<Conversation> {
  const c = await upsertDirect(db, {
    id: uuidv7(),
    userId: pair.customerId,
    vendorId: pair.vendorId,
    vendorUserId: pair.vendorUserId,
    quoteRequestId: pair.quoteRequestId,
  });
  return conversationFor(db, caller, c.id);
}
