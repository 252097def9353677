/**
 * Extras (change orders) and the quote on an order's page: the contract `ChangeOrder` of a row,
 * and the fields `GET /v1/orders/{id}` adds for them.
 */
import type { ChangeOrder, OrderDetail } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { privateMediaUrl } from '../../../services/images';
import * as repo from '../change-orders-repository';
import type { ChangeOrderRow, StoredChangeOrderPhoto } from '../change-orders-repository';
import type { OrderRole } from '../policy';
import type { OrderView } from '../repository';
import { CHANGEABLE_STATES, lineItemsOf } from './change-order-lifecycle';

/** The stored photos of a row (`change_orders.photos`), ignoring anything malformed. */
function photosOf(value: unknown): StoredChangeOrderPhoto[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (p): p is StoredChangeOrderPhoto =>
      typeof p === 'object' && p !== null && typeof (p as { key?: unknown }).key === 'string',
  );
}

/**
 * The contract `ChangeOrder` of a row: `amount` the pro's, `fee` the platform's, `total` what
 * the customer's card is charged (minor units); photos at their private media URLs.
 */
export function toChangeOrderDto(row: ChangeOrderRow): ChangeOrder {
  const money = (amount: number) => ({ amount, currency: row.currency });
  return {
    id: row.id,
    orderId: row.orderId,
    description: row.description,
    amount: money(row.amount),
    fee: money(row.fee),
    total: money(row.amount + row.fee),
    photos: photosOf(row.photos).map((p) => ({
      url: privateMediaUrl(p.key),
      thumbUrl: privateMediaUrl(`${p.key}.thumb.webp`),
      width: p.width,
      height: p.height,
    })),
    status: row.status,
    paymentId: row.paymentId,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/**
 * What the order page shows of extras and the quote, for `role`: every extra oldest first (both
 * sides and admins see them), whether the caller (the pro) may propose one now (accepted or in
 * progress), the quote's line items (null for a slot booking) and the quote it books.
 */
export async function extrasDetail(
  db: DbOrTx,
  view: OrderView,
  role: OrderRole,
): Promise<Pick<OrderDetail, 'changeOrders' | 'canProposeChangeOrder' | 'lineItems' | 'quote'>> {
  const o = view.order;
  const [rows, requestId] = await Promise.all([
    repo.changeOrdersOfOrder(db, o.id),
    o.quoteId ? repo.quoteRequestIdOf(db, o.quoteId) : Promise.resolve(null),
  ]);
  return {
    changeOrders: rows.map(toChangeOrderDto),
    canProposeChangeOrder: role === 'vendor' && CHANGEABLE_STATES.includes(o.status),
    lineItems: lineItemsOf(o.lineItems),
    quote: o.quoteId && requestId ? { id: o.quoteId, requestId } : null,
  };
}
