/*
 * The services feature as other features see it: the only module they import from it.
 */

export { CategoryGridView } from './category-grid-view';
export { MissingService } from './service-detail';
export { useService, useServiceQuote } from './use-service';
export { SLOT_DAYS, useSlots } from './use-slots';
export { useVendor } from './use-vendor';
export { VendorListView } from './vendor-list-view';
