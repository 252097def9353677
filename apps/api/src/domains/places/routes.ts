import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { createResponseCache } from '../../lib/response-cache';
import { type PublicRead, route } from '../../lib/route';
import type { PlacesService } from './service';

/**
 * How long a geocode answer may be kept (s): the city dataset only changes with a deploy, so
 * browsers and shared caches keep answers a day, and serve them stale for a week while they
 * revalidate.
 */
const GEOCODE_MAX_AGE_S = 86_400;
/** In-process cache of ready geocode answers: an hour, at most 4 MiB of bodies. */
const GEOCODE_CACHE = { ttlMs: 3_600_000, maxBytes: 4 * 1024 * 1024 };

/**
 * Places: `GET /v1/geocode` and `GET /v1/geocode/reverse` — public and cacheable, so type-ahead costs little
 * against the per-client rate limit — and the signed-in user's saved places under
 * `/v1/me/addresses`.
 */
export default async function placesRoutes(
  app: FastifyInstance,
  { places }: { places: PlacesService },
): Promise<void> {
  const publicRead: PublicRead = {
    cacheControl: `public, max-age=${GEOCODE_MAX_AGE_S}, stale-while-revalidate=${GEOCODE_MAX_AGE_S * 7}`,
    cache: createResponseCache(GEOCODE_CACHE),
  };
  route(app, endpoints.geocode, ({ query }) => places.geocode(query), { publicRead });
  route(app, endpoints.reverseGeocode, ({ query }) => places.reverseGeocode(query.lat, query.lng), {
    publicRead,
  });

  route(app, endpoints.listAddresses, ({ user }) => places.list(user.id));
  route(app, endpoints.createAddress, ({ user, body }) => places.create(user.id, body), {
    successStatus: 201,
  });
  route(app, endpoints.updateAddress, ({ user, params, body }) =>
    places.update(user.id, params.id, body),
  );
  route(app, endpoints.deleteAddress, ({ user, params }) => places.remove(user.id, params.id));
}
