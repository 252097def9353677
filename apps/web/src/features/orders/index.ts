/*
 * The orders feature as other features see it: the only module they import from it.
 */

export { ActionTrigger } from './header-actions';
export { OrderTimelineCard, isPartlyRefunded } from './order-detail-view';
export { OrderListView } from './order-list-view';
export { useOrders, useRevalidateOrders } from './use-orders';
