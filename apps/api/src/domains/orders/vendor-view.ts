/**
 * The pro's view of their orders: what the booking earns them (`vendorNet`), and none of the
 * customer's card details. The orders service builds one shape for every reader; the routes
 * pass what a vendor receives through {@link presentOrdersFor} / {@link presentOrderDetailFor}
 * so the card's last four digits never leave the server for a pro.
 */
import type { Order, OrderDetail, OrderStatus } from '@vetted/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { ledgerEntries } from '../../db/schema';
import type { AuthUser } from '../../platform/types';

/** States an order can end in without its card ever being charged (hold released, or unpaid). */
const CLOSED_STATUSES: readonly OrderStatus[] = ['cancelled', 'declined', 'refunded'];

/** What the ledger says a booking earns its pro, per order id. */
interface LedgerNet {
  /** Minor units: the pro's `vendor_payable` share of the charge less refunds they bore. */
  net: number;
  /** Whether the charge was captured (its `vendor_payable` posting exists). */
  captured: boolean;
}

/**
 * The pro's share (minor units) of each order's booking charge as posted to the ledger: the
 * capture's `vendor_payable` line less the refunds taken back from the pro (a refund an admin
 * made as platform goodwill leaves it whole). Tips are left out: they show on their own line.
 */
async function ledgerNets(db: DbOrTx, orderIds: string[]): Promise<Map<string, LedgerNet>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({
      orderId: ledgerEntries.orderId,
      // vendor_payable is credited (negative) with what the platform owes the pro.
      net: sql<number>`-coalesce(sum(${ledgerEntries.amount}), 0)`.mapWith(Number),
      captured: sql<boolean>`bool_or(${ledgerEntries.kind} = 'vendor_payable')`.mapWith(Boolean),
    })
    .from(ledgerEntries)
    .where(
      and(
        inArray(ledgerEntries.orderId, orderIds),
        eq(ledgerEntries.account, 'vendor_payable'),
        inArray(ledgerEntries.kind, ['vendor_payable', 'refund']),
      ),
    )
    .groupBy(ledgerEntries.orderId);
  return new Map(
    rows.flatMap((r) => (r.orderId ? [[r.orderId, { net: r.net, captured: r.captured }]] : [])),
  );
}

/**
 * What the order earns its pro, minor units of the order's currency: once the charge is
 * captured, the ledger's figure (see {@link ledgerNets}); before that, the price the customer
 * pays less Vetted's booking fee (`total − fee`, spec: the fee is 5 % of the subtotal); 0 for an
 * order closed without a charge (declined or cancelled before the pro accepted).
 */
export function vendorNetOf(
  order: Pick<Order, 'status' | 'total' | 'fee'>,
  ledger: LedgerNet | undefined,
): number {
  if (ledger?.captured) return ledger.net;
  if (CLOSED_STATUSES.includes(order.status)) return 0;
  return order.total.amount - order.fee.amount;
}

/** "card ending 4242" in an event note, with the parentheses around it when there are any. */
const CARD_IN_NOTE = /\s*\(card ending \d{4}\)|(?<=\b[Cc]ard) ending \d{4}/g;

/** An order-event note without the card's digits ("Card ending 4242 authorised…" → "Card authorised…"). */
export function withoutCardDigits(note: string | null): string | null {
  return note === null ? null : note.replace(CARD_IN_NOTE, '');
}

/**
 * The orders of a list page as `user` may see them: a vendor's get `vendorNet`; anyone else's
 * are returned as they are.
 */
export async function presentOrdersFor<P extends { items: Order[] }>(
  db: DbOrTx,
  user: AuthUser,
  page: P,
): Promise<P> {
  if (user.role !== 'vendor') return page;
  const nets = await ledgerNets(
    db,
    page.items.map((o) => o.id),
  );
  return {
    ...page,
    items: page.items.map((o) => ({
      ...o,
      vendorNet: { amount: vendorNetOf(o, nets.get(o.id)), currency: o.total.currency },
    })),
  };
}

/**
 * One order as `user` may see it. For a vendor: `vendorNet` added, and the customer's card
 * removed everywhere it appears — `cardLast4` of the payment and of the tip set to null, and
 * "card ending NNNN" taken out of the timeline's notes. Anyone else's is returned as it is.
 */
export async function presentOrderDetailFor(
  db: DbOrTx,
  user: AuthUser,
  detail: OrderDetail,
): Promise<OrderDetail> {
  if (user.role !== 'vendor') return detail;
  const nets = await ledgerNets(db, [detail.id]);
  return {
    ...detail,
    vendorNet: {
      amount: vendorNetOf(detail, nets.get(detail.id)),
      currency: detail.total.currency,
    },
    payment: detail.payment ? { ...detail.payment, cardLast4: null } : null,
    tip: detail.tip ? { ...detail.tip, cardLast4: null } : detail.tip,
    events: detail.events.map((e) => ({ ...e, note: withoutCardDigits(e.note) })),
  };
}
