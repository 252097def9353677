import type { Order } from '@vetted/contract';
import { Card, CardContent, CardHeader, Price } from '@vetted/ui';

/**
 * What an order earns its pro, minor units of the order's currency: the API's `vendorNet` (the
 * price less Vetted's booking fee, less refunds taken back from the pro; 0 when closed without a
 * charge), else — for answers without it — `total − fee`.
 */
export function vendorNetOf(order: Pick<Order, 'vendorNet' | 'total' | 'fee'>): number {
  return order.vendorNet?.amount ?? order.total.amount - order.fee.amount;
}

/**
 * What separates the pro's share of the price from their earnings (minor units, ≥ 0): a refund
 * taken back from them, or the whole share of a booking closed before it was charged.
 */
function shortfallOf(order: Pick<Order, 'vendorNet' | 'total' | 'fee'>): number {
  return Math.max(0, order.total.amount - order.fee.amount - vendorNetOf(order));
}

/** Why the earnings are below price − fee, in words: nothing was charged, or refunds. */
function shortfallLabel(order: Pick<Order, 'status'>, net: number): string {
  if (net === 0 && (order.status === 'cancelled' || order.status === 'declined')) {
    return 'Not charged';
  }
  return 'Refunded from your share';
}

/**
 * One line for a list row: "Price $168.00 − Vetted fee $8.00", with "− refunds $50.00" when
 * some came out of the pro's share; "Not charged · price $168.00" for a booking closed before
 * its card was charged.
 */
export function VendorEarningsBreakdown({ order }: { order: Order }) {
  const { currency } = order.total;
  const net = vendorNetOf(order);
  const shortfall = shortfallOf(order);
  if (shortfall > 0 && shortfallLabel(order, net) === 'Not charged') {
    return (
      <span className="text-right text-xs text-muted">
        Not charged · price{' '}
        <Price amount={order.total.amount} currency={currency} className="font-normal" />
      </span>
    );
  }
  return (
    <span className="text-right text-xs text-muted">
      Price <Price amount={order.total.amount} currency={currency} className="font-normal" /> −
      Vetted fee <Price amount={order.fee.amount} currency={currency} className="font-normal" />
      {shortfall > 0 ? (
        <>
          {' '}
          − refunds <Price amount={shortfall} currency={currency} className="font-normal" />
        </>
      ) : null}
    </span>
  );
}

/**
 * The pro's "Your earnings" card on their order page: the price the customer pays, less
 * Vetted's booking fee, less any refund taken back from the pro, and what is left for them.
 * Never the customer's card.
 */
export function VendorEarningsCard({ order }: { order: Order }) {
  const { currency } = order.total;
  const net = vendorNetOf(order);
  const shortfall = shortfallOf(order);
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Your earnings</h2>
      </CardHeader>
      <CardContent>
        <dl className="flex flex-col gap-2 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Price</dt>
            <dd>
              <Price amount={order.total.amount} currency={currency} />
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted">Vetted fee</dt>
            <dd>
              − <Price amount={order.fee.amount} currency={currency} />
            </dd>
          </div>
          {shortfall > 0 ? (
            <div className="flex justify-between gap-3">
              <dt className="text-muted">{shortfallLabel(order, net)}</dt>
              <dd>
                − <Price amount={shortfall} currency={currency} />
              </dd>
            </div>
          ) : null}
          <div className="flex justify-between gap-3 border-t border-border pt-2 text-base font-semibold">
            <dt>Your earnings</dt>
            <dd>
              <Price amount={net} currency={currency} />
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
