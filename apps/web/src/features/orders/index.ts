/*
 * The orders feature as other features see it: the only module they import from it.
 */

export { ActionTrigger } from './header-actions';
export { LoadErrorState, LoadingStatus } from './load-states';
export { isPartlyRefunded } from './order-money-cards';
export { OrderTimelineCard } from './order-timeline-card';
export { OrderListView } from './order-list-view';
export { useOrders, useRevalidateOrders } from './use-orders';
