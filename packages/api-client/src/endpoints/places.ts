import type {
  CreateAddressBody,
  GeocodeQuery,
  ReverseGeocodeQuery,
  UpdateAddressBody,
} from '@vetted/contract';
import type { Call, CallOptions } from './call';

/** `addresses.*` of the typed API: the signed-in user's saved places. */
export function addressesApi(call: Call) {
  return {
    /** `GET /me/addresses` — the signed-in user's saved places, the default first. */
    list: (options?: CallOptions) => call('listAddresses', {}, options),
    /**
     * `POST /me/addresses` — saves a place `{ label, line1, city, postcode?, country, lat?,
     * lng?, isDefault? }`; without lat/lng the server finds the city (422 `unknown_city` when
     * it cannot). The first place becomes the default. Resolves with the `SavedAddress`.
     */
    create: (body: CreateAddressBody, options?: CallOptions) =>
      call('createAddress', { body }, options),
    /** `PATCH /me/addresses/:id` — changes a place; `isDefault: true` makes it the default. */
    update: (id: string, body: UpdateAddressBody, options?: CallOptions) =>
      call('updateAddress', { params: { id }, body }, options),
    /**
     * `DELETE /me/addresses/:id` — deletes a place; resolves with the remaining ones (the
     * newest becomes the default when the default was deleted).
     */
    remove: (id: string, options?: CallOptions) =>
      call('deleteAddress', { params: { id } }, options),
  };
}

/** `places.*` of the typed API: geocoding of city names and points. */
export function placesApi(call: Call) {
  return {
    /**
     * `GET /geocode?q=` — cities whose name starts with `q` (typos tolerated), best first;
     * `lat`/`lng` rank nearby ones higher. Resolves with `GeocodeResult[]`.
     */
    geocode: (query: GeocodeQuery, options?: CallOptions) => call('geocode', { query }, options),
    /**
     * `GET /geocode/reverse?lat=&lng=` — the city nearest to a point (within 50 km), or null;
     * fills a place's city and country from the browser's location.
     */
    reverseGeocode: (query: ReverseGeocodeQuery, options?: CallOptions) =>
      call('reverseGeocode', { query }, options),
  };
}
