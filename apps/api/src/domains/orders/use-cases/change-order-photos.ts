/** Who may see an extra's photos: they are private, like message images. */
import type { AuthUser } from '../../../platform/types';
import { isValidStorageKey } from '../../../services/storage';
import * as repo from '../repository';
import { CHANGE_ORDER_PHOTO_PREFIX } from './change-orders';
import { type OrdersContext, relationTo } from './context';

/** A UUID in its canonical text form (order ids). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /media/change-orders/{orderId}/{file}`: the storage key of an extra's photo `file` (or
 * its thumbnail) of the order, for the order's customer, its pro and admins; null — the 404 of a
 * missing file — for anyone else, the anonymous included, and for a malformed path.
 */
export async function changeOrderPhotoKey(
  ctx: Pick<OrdersContext, 'db'>,
  caller: AuthUser | null,
  orderId: string,
  file: string,
): Promise<string | null> {
  const key = `${CHANGE_ORDER_PHOTO_PREFIX}/${orderId}/${file}`;
  if (!caller || !UUID.test(orderId) || file.includes('/') || !isValidStorageKey(key)) return null;
  const view = await repo.loadOrderView(ctx.db, orderId);
  return view && relationTo(view, caller) ? key : null;
}
