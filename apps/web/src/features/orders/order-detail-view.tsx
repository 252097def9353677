import type { OrderDetail } from '@vetted/contract';
import type * as React from 'react';
import { OrderReview } from '../reviews';
import { VendorEarningsCard } from '../vendor-area';
import { LoadErrorState } from './load-states';
import {
  OrderBookingCard,
  OrderDetailHeader,
  OrderDetailSkeleton,
  OrderLineItemsCard,
  StartCodePanel,
} from './order-detail-parts';
import { OrderPaymentCard, OrderPriceCard } from './order-money-cards';
import { OrderNoShowCard } from './no-show-notice';
import { OnMyWayNotice } from './on-my-way-notice';
import { OrderTimelineCard } from './order-timeline-card';
import { RescheduleNotice } from './reschedule-view';

export interface OrderDetailViewProps {
  order?: OrderDetail;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  perspective: 'customer' | 'vendor';
  /** Buttons for the transitions this person may try (the server has the final word). */
  actions?: React.ReactNode;
  backHref: string;
  backLabel: string;
  /** The vendor's IANA zone: the booking time is shown in it (as at checkout). */
  timeZone?: string;
  /** The order's extras (change orders) for this side: to approve, or to add and follow. */
  extras?: React.ReactNode;
}

/**
 * One order: status, when/where, the quote's line items and extras (when it books a quote),
 * price breakdown, payment and the timeline of events.
 */
export function OrderDetailView({
  order,
  isLoading,
  error,
  onRetry,
  perspective,
  actions,
  backHref,
  backLabel,
  timeZone,
  extras,
}: OrderDetailViewProps) {
  if (error && !order) return <LoadErrorState error={error} onRetry={onRetry} />;
  if (isLoading || !order) return <OrderDetailSkeleton />;
  return (
    <div className="flex flex-col gap-6">
      <OrderDetailHeader
        order={order}
        actions={actions}
        backHref={backHref}
        backLabel={backLabel}
      />

      {perspective === 'customer' && order.startCode ? (
        <StartCodePanel code={order.startCode} />
      ) : null}

      {/* The pro is on the way: appears live when they send it. */}
      {order.onMyWay ? (
        <OnMyWayNotice
          onMyWay={order.onMyWay}
          perspective={perspective}
          businessName={order.vendor.businessName}
          timeZone={timeZone}
        />
      ) : null}

      {/* A no-show either side recorded: the fee or the refund, and the customer's dispute. */}
      {order.noShow ? (
        <OrderNoShowCard
          order={{ ...order, noShow: order.noShow }}
          perspective={perspective}
          timeZone={timeZone}
        />
      ) : null}

      {/* A new time the pro has not answered yet. */}
      {order.reschedule ? (
        <RescheduleNotice
          reschedule={order.reschedule}
          startsAt={order.startsAt}
          perspective={perspective}
          businessName={order.vendor.businessName}
          customerName={order.customer.fullName}
          timeZone={timeZone}
        />
      ) : null}

      <OrderReview order={order} perspective={perspective} />

      {/* Extras the pro found on site: the customer's yes is needed before any charge. */}
      {extras}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="flex flex-col gap-6">
          <OrderBookingCard order={order} perspective={perspective} timeZone={timeZone} />
          <OrderTimelineCard events={order.events} />
        </div>

        <div className="flex flex-col gap-6">
          {/* A booked quote: its lines, above the price they add up to. */}
          {order.lineItems?.length ? <OrderLineItemsCard order={order} /> : null}
          {/* The pro sees what the booking earns them, not the customer's bill. */}
          {perspective === 'vendor' ? (
            <VendorEarningsCard order={order} />
          ) : (
            <OrderPriceCard order={order} />
          )}
          <OrderPaymentCard order={order} perspective={perspective} />
        </div>
      </div>
    </div>
  );
}
