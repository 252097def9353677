/*
 * The vendor-area feature as other features see it: the only module they import from it.
 */

export { VendorEarningsBreakdown, VendorEarningsCard, vendorNetOf } from './vendor-earnings';
