import type { OrderDetail } from '@vetted/contract';
import { Container } from '@vetted/ui';
import type * as React from 'react';
import type { KeyedMutator } from 'swr';
import { useSearchParams } from 'wouter';
import { usePageTitle } from '../../lib/hooks/use-page-title';
import { OrderDetailView } from './order-detail-view';
import { useOrder } from './use-order';

export interface OrderPageProps {
  /** Whose page: the customer's booking or the pro's job. */
  perspective: 'customer' | 'vendor';
  /** The order list the breadcrumbs lead back to. */
  backHref: string;
  /** The header actions for the loaded order; `mutate` puts a changed order in its cache. */
  actions: (order: OrderDetail, mutate: KeyedMutator<OrderDetail>) => React.ReactNode;
  /** The extras (change orders) section of this side for the loaded order. */
  extras?: (order: OrderDetail, mutate: KeyedMutator<OrderDetail>) => React.ReactNode;
}

/**
 * An order page, for the order whose id is the URL's `?id=`: loads it (a link without the id
 * shows an error saying so), names the tab "Order <reference>", and shows it in the vendor's
 * zone with the `actions` and `extras` of this side.
 */
export function OrderPage({ perspective, backHref, actions, extras }: OrderPageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const { data, error, isLoading, mutate } = useOrder(id);
  usePageTitle(data ? `Order ${data.reference}` : undefined);
  return (
    <Container>
      <OrderDetailView
        perspective={perspective}
        order={data}
        isLoading={isLoading || !id}
        error={id ? error : new Error('This link is missing the order id.')}
        onRetry={() => mutate()}
        backHref={backHref}
        backLabel="Orders"
        timeZone={data?.vendor.timeZone}
        actions={data ? actions(data, mutate) : null}
        extras={data && extras ? extras(data, mutate) : null}
      />
    </Container>
  );
}
