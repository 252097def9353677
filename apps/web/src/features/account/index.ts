/*
 * The account feature as other features see it: the only module they import from it.
 */

export { NotificationsView } from './notifications-view';
export { useAddresses } from './use-addresses';
export { useNotificationActions, useNotifications } from './use-notifications';
