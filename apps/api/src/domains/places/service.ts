/**
 * Use cases of the places domain: city type-ahead (`GET /v1/geocode`)
 * and the signed-in user's saved places (`/v1/me/addresses`). Saving a place has no side effect
 * beyond its rows (no notification, mail or realtime frame), so nothing goes through the outbox.
 *
 * Rules: at most MAX_SAVED_PLACES (20) places; exactly one default while any exist — the first
 * place becomes it, `isDefault: true` moves it, deleting it promotes the newest remaining place;
 * each write runs in one transaction holding the account's row lock, so concurrent requests of
 * one account cannot break either rule.
 */
import {
  type CreateAddressBody,
  type GeocodeResult,
  REVERSE_GEOCODE_MAX_KM,
  type UpdateAddressBody,
} from '@vetted/contract';
import type { GeocodeSearch } from './geocoder';
import {
  createPlace,
  listPlaces,
  type PlacesDeps,
  removePlace,
  updatePlace,
} from './use-cases/saved-places';

export type { PlacesDeps } from './use-cases/saved-places';

export function createPlacesService(deps: PlacesDeps) {
  const { geocoder } = deps;
  return {
    /**
     * `GET /v1/geocode`: cities matching `q` (prefix and typo tolerant), best first — see
     * geocoder.ts for the index and policy.scoreCandidate for the ranking.
     */
    async geocode(query: GeocodeSearch): Promise<GeocodeResult[]> {
      return geocoder.search({ q: query.q, lat: query.lat, lng: query.lng, limit: query.limit });
    },

    /**
     * `GET /v1/geocode/reverse`: the city nearest to a point within
     * {@link REVERSE_GEOCODE_MAX_KM}, or null (at sea, in the wilderness).
     */
    async reverseGeocode(lat: number, lng: number): Promise<GeocodeResult | null> {
      return geocoder.nearest(lat, lng, REVERSE_GEOCODE_MAX_KM);
    },

    /** `GET /v1/me/addresses`: {@link listPlaces}. */
    list: (userId: string) => listPlaces(deps, userId),

    /** `POST /v1/me/addresses`: {@link createPlace}. */
    create: (userId: string, body: CreateAddressBody) => createPlace(deps, userId, body),

    /** `PATCH /v1/me/addresses/:id`: {@link updatePlace}. */
    update: (userId: string, id: string, body: UpdateAddressBody) =>
      updatePlace(deps, userId, id, body),

    /** `DELETE /v1/me/addresses/:id`: {@link removePlace}. */
    remove: (userId: string, id: string) => removePlace(deps, userId, id),
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
