/**
 * The vendors domain as other domains see it: the only module they import from vendors
 * (ARCHITECTURE §1a). The app-facing service (`createVendorsService`, service.ts) is not here:
 * it builds on listings, which imports the vendor-area errors from this surface.
 */
export type { ResolvedBusiness } from './business';
export { documentDeleteJob } from './jobs/document-delete';
export { profileNotFound, unknownCategory, vendorOnly } from './messages';
export { lockVendorProfile } from './lock-repository';
export {
  refreshVendorRating,
  retireVendorProfile,
  syncVendorCategories,
  syncVendorProfile,
  updateBookingSettings,
} from './profile-writes-repository';
export { type ResponseTimesDeps, responseTimesSchedule } from './jobs/response-times';
export { recomputeResponseTimes } from './response-times-repository';
export { refreshSearchColumns } from './search-columns-repository';
export { syncVendorSlug, vendorSlug } from './slug';
export { eraseVendorDocuments } from './use-cases/documents';
export { lockVendorVetting, setVendorVetting } from './vetting-repository';
