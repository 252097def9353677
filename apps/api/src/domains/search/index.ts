/**
 * The search domain as other domains see it: the only module they import from search
 * (ARCHITECTURE §1a). Vendor search and type-ahead over approved vendors, and what a write that
 * changes a vendor's searchable fields must call.
 */
export {
  AREA_RADIUS_KM,
  areaDefaults,
  DISTANCE_SCALE_KM,
  effectiveSort,
  type Lexicon,
  type LexiconEntry,
  MAX_SEARCH_WORDS,
  MAX_VARIANTS,
  MAX_WORD_LENGTH,
  maxEdits,
  planTextSearch,
  quoteLexeme,
  RATING_PRIOR,
  RELEVANCE_WEIGHTS,
  searchWords,
  TEXT_WEIGHTS,
  type TextSearch,
  tsQueryText,
  type WordMatch,
  wordVariants,
} from './policy';
export { searchVendors, type VendorSearch } from './search-vendors-repository';
export { BROWSER_PLACE_NAME, resolveSearchPlace, type SearchPlace } from './search-place';
export {
  createSearchService,
  LEXICON_TTL_MS,
  refreshVendorSearch,
  type SearchDeps,
  type SearchService,
} from './service';
