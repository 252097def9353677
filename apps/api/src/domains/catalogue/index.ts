/**
 * The catalogue domain as other domains see it: the only module they import from catalogue
 * (ARCHITECTURE §1a). The app-facing service (`createCatalogueService`, service.ts) is not here:
 * it composes search and scheduling, which build on this surface.
 */
export { requireBookableService } from './bookable-service';
export { CATALOGUE_PURGE_CHANNEL, type CatalogueCache, createCatalogueCache } from './cache';
export { toService, toSummary } from './dto';
export { serviceNotFound, vendorNotFound } from './messages';
export { type BookableService, type ServiceRow, vendorCategories } from './repository';
export {
  activeServicesSql,
  chordMetersSql,
  distanceKmSql,
  earthPoint,
  isApproved,
  isBookableService,
  minPriceSql,
  primaryCategory,
  summaryColumns,
  type VendorSummaryRow,
  vendorEarth,
  vendorInCategorySql,
  vp,
  withinSql,
} from './vendor-sql';
