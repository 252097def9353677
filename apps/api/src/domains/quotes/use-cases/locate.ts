/**
 * Where a request's job is: a saved place by its own coordinates, a typed address by the town it
 * names (the offline city index knows towns, not streets), read by the orders domain's
 * `locateTown` — the same reading as its service-area check, so the two never disagree.
 */
import type { DbOrTx } from '../../../db/client';
import { locateTown } from '../../orders';
import { defaultAddress, findAddress, type Geocoder } from '../../places';

/** Where the job is and the address the pros see. */
export interface JobPlace {
  lat: number;
  lng: number;
  /** ISO 3166-1 alpha-2 when known (the default country of phone numbers). */
  country: string | null;
  address: string;
  placeId: string | null;
}

/**
 * Locates the job of `customerId`: their saved place `placeId` (its line and town as the
 * address), else the typed `address`, nearest namesake to the customer's default place. Null
 * when neither gives a place.
 */
export async function locateJob(
  deps: { db: DbOrTx; geocoder: Geocoder },
  customerId: string,
  job: { placeId?: string; address?: string },
): Promise<JobPlace | null> {
  if (job.placeId) {
    const saved = await findAddress(deps.db, customerId, job.placeId);
    if (saved) {
      return {
        lat: saved.lat,
        lng: saved.lng,
        country: saved.country,
        address:
          job.address ?? [saved.line1, saved.postcode, saved.city].filter(Boolean).join(', '),
        placeId: saved.id,
      };
    }
  }
  if (!job.address) return null;
  const home = await defaultAddress(deps.db, customerId);
  const near = home ? { lat: home.lat, lng: home.lng } : undefined;
  const town = await locateTown(deps.geocoder, job.address, near);
  if (!town) return null;
  return {
    lat: town.lat,
    lng: town.lng,
    country: town.country,
    address: job.address,
    placeId: null,
  };
}
