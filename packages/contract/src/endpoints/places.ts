import { z } from 'zod';
import {
  createAddressBodySchema,
  geocodeQuerySchema,
  geocodeResultSchema,
  reverseGeocodeQuerySchema,
  savedAddressListSchema,
  savedAddressSchema,
  updateAddressBodySchema,
} from '../places';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** The signed-in user's saved places, and geocoding. */
export const placeEndpoints = {
  listAddresses: {
    ...routes.listAddresses,
    response: savedAddressListSchema,
    summary: "The signed-in user's saved places: the default first, then newest first",
  },
  createAddress: {
    ...routes.createAddress,
    body: createAddressBodySchema,
    response: savedAddressSchema,
    summary:
      'Save a place (at most 20); without lat/lng they are resolved from the city (422 when unknown). The first place is the default',
  },
  updateAddress: {
    ...routes.updateAddress,
    params: idParamsSchema,
    body: updateAddressBodySchema,
    response: savedAddressSchema,
    summary:
      'Change a saved place; `isDefault: true` moves the default to it (404 for anyone else)',
  },
  deleteAddress: {
    ...routes.deleteAddress,
    params: idParamsSchema,
    response: savedAddressListSchema,
    summary:
      'Delete a saved place and answer the remaining ones; deleting the default promotes the newest remaining place',
  },
  geocode: {
    ...routes.geocode,
    query: geocodeQuerySchema,
    response: z.array(geocodeResultSchema),
    summary:
      'Cities matching the start of a name, typo tolerant, ranked by population and nearness to lat/lng',
  },
  reverseGeocode: {
    ...routes.reverseGeocode,
    query: reverseGeocodeQuerySchema,
    response: geocodeResultSchema.nullable(),
    summary:
      'The city nearest to a point (within 50 km), or null: fills a place from the browser location',
  },
} as const satisfies Record<string, EndpointDef>;
