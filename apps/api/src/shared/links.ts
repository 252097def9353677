/** In-app paths that notifications and mails link to (routes of apps/web). */

/** In-app path of an order for its customer. */
export const customerOrderLink = (id: string) => `/user/history/order?id=${id}`;
/** In-app path of the review form on a completed order's page, for its customer. */
export const customerReviewLink = (id: string) => `${customerOrderLink(id)}#review`;
/** In-app path of an order for its vendor. */
export const vendorOrderLink = (id: string) => `/vendor/history/order?id=${id}`;
/** In-app path that books an offered slot: the checkout of that service and time. */
export const offerLink = (vendorId: string, serviceId: string, startsAt: Date) =>
  `/user/services/vendor/${vendorId}/service/checkout?serviceId=${serviceId}&startsAt=${encodeURIComponent(startsAt.toISOString())}`;
/** In-app path of the pro's list of bookings. */
export const vendorOrdersLink = '/vendor/history';
