/**
 * Where a pro's business is and what its sign-up stores (vendors domain): the city looked up
 * offline in the places domain's dataset, or the sent coordinates with their time zone.
 */
import { REVERSE_GEOCODE_MAX_KM, type vendorBusinessSchema } from '@vetted/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { countryName, type Geocoder, normalizeName, timeZoneAt } from '../places';
import { categoryId } from './access';
import * as msg from './messages';

/**
 * A pro's business as the sign-up stores it on the new `draft` profile: the category's id, the
 * city's coordinates (degrees), its ISO country code and IANA time zone; radius in km.
 */
export interface ResolvedBusiness {
  businessName: string;
  primaryCategoryId: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  timeZone: string;
  serviceRadiusKm: number;
}

/** A position as stored on the profile. */
export interface Position {
  lat: number;
  lng: number;
  country: string;
  timeZone: string;
}

/**
 * Where a business is: sent `lat`/`lng` are taken as they are, with the time zone
 * looked up there (and the country of the nearest city when none was sent); otherwise the city
 * is looked up offline in the places domain's dataset — by exact name in `country` when given,
 * else the best exact-name match anywhere.
 * @throws AppError 422 `unknown_city` on `field` when the city is not in the dataset.
 */
export async function locateBusiness(
  geocoder: Geocoder,
  input: { city: string; country?: string; lat?: number; lng?: number },
  field: string,
): Promise<Position> {
  if (input.lat !== undefined && input.lng !== undefined) {
    const country =
      input.country ??
      (await geocoder.nearest(input.lat, input.lng, REVERSE_GEOCODE_MAX_KM))?.country ??
      '';
    return { lat: input.lat, lng: input.lng, country, timeZone: timeZoneAt(input.lat, input.lng) };
  }
  let found = null;
  if (input.country) {
    found = await geocoder.resolve(input.city, input.country);
  } else {
    const wanted = normalizeName(input.city);
    const candidates = await geocoder.search({ q: input.city, limit: 10 });
    found = candidates.find((c) => normalizeName(c.name) === wanted) ?? null;
  }
  if (!found) {
    throw msg.unknownCity(input.city, input.country && countryName(input.country), field);
  }
  return { lat: found.lat, lng: found.lng, country: found.country, timeZone: found.timeZone };
}

/**
 * The business of a pro's sign-up (`business` of `POST /v1/auth/signup`), resolved before
 * anything is written: the main category by slug and the city offline (see
 * {@link locateBusiness}). Reads only; the auth service stores the result.
 * @throws AppError 422 `unknown_category` (field `business.primaryCategorySlug`), 422
 *   `unknown_city` (field `business.city`).
 */
export async function resolveBusiness(
  { db, geocoder }: { db: DbOrTx; geocoder: Geocoder },
  business: z.output<typeof vendorBusinessSchema>,
): Promise<ResolvedBusiness> {
  const primaryCategoryId = await categoryId(
    db,
    business.primaryCategorySlug,
    'business.primaryCategorySlug',
  );
  const position = await locateBusiness(geocoder, business, 'business.city');
  return {
    businessName: business.businessName,
    primaryCategoryId,
    city: business.city,
    serviceRadiusKm: business.serviceRadiusKm,
    ...position,
  };
}
