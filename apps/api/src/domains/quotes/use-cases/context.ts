/** What every quotes use case shares: its context, the caller's part in a request, telling. */
import type { DbOrTx } from '../../../db/client';
import { withTransactionRetry } from '../../../db/transaction';
import type { AuthUser } from '../../../platform/types';
import type { NewNotification } from '../../../shared/notification';
import { enqueueMail } from '../../mail';
import { notify, pushToUsers } from '../../notifications';
import { createQuoteOrders } from '../../orders';
import type { QuotesContext, QuotesDeps } from '../deps';
import * as msg from '../messages';
import * as repo from '../repository';

/** The context of `deps`: one per `createQuotesService`. */
export function quotesContext(deps: QuotesDeps): QuotesContext {
  return {
    ...deps,
    quoteOrders: deps.quoteOrders ?? createQuoteOrders(deps),
    inTransaction: (fn) => withTransactionRetry(deps.db, fn, { log: deps.log }),
  };
}

/** The caller's part in a request: its customer, or the pro of one of its leads. */
export type Party =
  | { role: 'customer' }
  | { role: 'vendor'; vendor: repo.VendorInfo; lead: repo.LeadRow; quote: repo.QuoteRow | null };

/**
 * The request `id` and the caller's part in it, with its leads.
 * @throws AppError 404 `quote_request_not_found` for an unknown id and for anyone with no part
 *   in it (other customers and pros, admins): the same answer, no IDOR oracle
 */
export async function visibleRequest(db: DbOrTx, user: AuthUser, id: string) {
  const view = await repo.loadRequest(db, id);
  if (!view) throw msg.requestNotFound();
  const leads = await repo.leadsOf(db, id);
  if (user.role === 'customer' && view.request.customerId === user.id) {
    return { view, leads, party: { role: 'customer' } as Party };
  }
  if (user.role === 'vendor') {
    const vendor = await repo.vendorOfUser(db, user.id);
    const own = vendor ? leads.find((l) => l.lead.vendorId === vendor.id) : undefined;
    if (vendor && own) {
      return { view, leads, party: { role: 'vendor', vendor, ...own } as Party };
    }
  }
  throw msg.requestNotFound();
}

/** The facts request notices are worded from. */
export function factsOf(view: repo.RequestView): msg.RequestFacts {
  return {
    requestId: view.request.id,
    customerId: view.request.customerId,
    customerName: view.customerName.trim().split(/\s+/)[0] || view.customerName,
    category: view.category.name,
  };
}

/** A pro as notices name them. */
export function proFacts(v: repo.VendorInfo): msg.ProFacts {
  return { userId: v.userId, businessName: v.businessName, timeZone: v.timeZone || 'UTC' };
}

/**
 * Queues each notice in `tx`: in-app (with its live frame to the user's sockets) and by mail to
 * `email`, keyed under `key` so a retried transaction or job tells nobody twice; and a
 * `{ type: 'quote_request', data: { id } }` frame so an open page of the request reloads it.
 */
export async function tell(
  ctx: QuotesDeps,
  tx: DbOrTx,
  requestId: string,
  items: { notice: NewNotification; email: string }[],
  key: string,
): Promise<void> {
  if (items.length === 0) return;
  await pushToUsers(
    tx,
    items.map((it) => it.notice.userId),
    { type: 'quote_request', data: { id: requestId } },
  );
  await notify(
    tx,
    items.map((it, i) => ({ ...it.notice, key: `${key}:notice:${i}` })),
  );
  for (const [i, it] of items.entries()) {
    await enqueueMail(
      tx,
      msg.noticeMail(it.email, it.notice, ctx.config.publicUrl),
      `${key}:mail:${i}`,
    );
  }
}
