/** The console's order list and an order's detail with its payments. */
import type { AdminOrderDetail, OrderStatus } from '@vetted/contract';
import type { AuthUser } from '../../../platform/types';
import type { AdminDeps } from '../deps';
import { type Paged, pageOf } from '../dto';
import * as msg from '../messages';
import { listOrders, orderParties } from '../orders-read-model';
import * as policy from '../policy';

/**
 * `GET /v1/admin/orders`: newest first; `q` matches a reference (exactly or its start, in
 * any case), a customer's name or email, or the pro's business name.
 */
export async function listOrdersPage(
  { db }: Pick<AdminDeps, 'db'>,
  q: Paged & { q?: string; status?: OrderStatus },
) {
  const { rows, total } = await listOrders(db, {
    ...q,
    reference: q.q ? policy.normaliseReference(q.q) : undefined,
  });
  return pageOf(
    rows.map((o) => ({
      id: o.id,
      reference: o.reference,
      status: o.status,
      customerName: o.customerName,
      vendorName: o.vendorName,
      serviceTitle: o.serviceTitle,
      startsAt: o.startsAt.toISOString(),
      total: { amount: o.total, currency: o.currency },
      createdAt: o.createdAt.toISOString(),
    })),
    total,
    q,
  );
}

/**
 * `GET /v1/admin/orders/{id}`: the order's detail as the orders domain gives it to an admin
 * (timeline included), both parties, and each of its payments (booking and tips) with the
 * provider's events and its ledger postings.
 * @throws AppError 404 `order_not_found`
 */
export async function orderDetail(
  { db, orders, payments }: Pick<AdminDeps, 'db' | 'orders' | 'payments'>,
  admin: AuthUser,
  id: string,
): Promise<AdminOrderDetail> {
  const parties = await orderParties(db, id);
  if (!parties) throw msg.orderNotFound();
  const [order, views] = await Promise.all([orders.get(admin, id), payments.adminViewsOfOrder(id)]);
  return { order, customer: parties.customer, vendor: parties.vendor, payments: views };
}
