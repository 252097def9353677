/**
 * The places domain as other domains see it: the only module they import from places
 * (ARCHITECTURE §1a). The offline city geocoder, the place words of a search query, place slugs,
 * and the signed-in user's saved places.
 */
export {
  createGeocoder,
  type GeocodeSearch,
  type Geocoder,
  type GeocoderStats,
  IMPLICIT_PLACE_MIN_POPULATION,
  type PlaceLookup,
  sharedGeocoder,
  timeZoneAt,
} from './geocoder';
export { countryName } from './messages';
export { ASCII_PLACE_SLUG, placeSlug, readPlaceSlug } from './place-slug';
export { normalizeName, splitQuery } from './policy';
export { mentionsNearMe, type PlaceIntent, parsePlaceQuery } from './query-place';
export { type AddressRow, defaultAddress, deleteSavedPlaces, findAddress } from './repository';
