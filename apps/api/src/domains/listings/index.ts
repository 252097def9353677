/**
 * The listings domain as other domains see it: the only module they import from listings
 * (ARCHITECTURE §1a).
 */
export { deactivateVendorServices, insertQuotedJobService } from './repository';
export { createListingsService, type ListingsService, syncVendorListing } from './service';
