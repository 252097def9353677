import type { OrderDetail, OrderOnMyWay } from '@vetted/contract';

/**
 * "On my way" opens this long before the slot's start (ms): 3 hours. The API's orders policy
 * `ON_MY_WAY_OPENS_MS` has the final word and refuses earlier sends with 409.
 */
export const ON_MY_WAY_OPENS_MS = 3 * 3_600_000;

/**
 * When the pro may say they are on the way (ms epoch): an accepted order, from
 * {@link ON_MY_WAY_OPENS_MS} before its start until its end; null for any other status.
 */
export function onMyWayWindow(
  order: Pick<OrderDetail, 'status' | 'startsAt' | 'endsAt'>,
): { opensAt: number; closesAt: number } | null {
  if (order.status !== 'accepted') return null;
  return {
    opensAt: Date.parse(order.startsAt) - ON_MY_WAY_OPENS_MS,
    closesAt: Date.parse(order.endsAt),
  };
}

/** When the pro arrives around (ISO): the time they sent it plus their ETA. */
export function arrivalOf(onMyWay: OrderOnMyWay): string {
  return new Date(Date.parse(onMyWay.at) + onMyWay.etaMinutes * 60_000).toISOString();
}
