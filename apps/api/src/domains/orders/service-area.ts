/**
 * Whether a pro serves the address of a booking ("Checkout without surprises"): the
 * address is located — a saved place by its own coordinates, a typed address by the town it
 * names (the offline geocoder knows towns, not streets) — and its great-circle distance from
 * the pro's base is compared with the pro's service radius. Checkout asks before booking
 * (`GET /v1/services/{id}/service-area`) and booking refuses by the same function, so the two
 * never disagree.
 *
 * An address that names no town the geocoder knows ("12 Main Street") is not refused: where it
 * is cannot be told, and the pro still sees the address and may decline. The check answers
 * `served: null` with a sentence asking for the town, which checkout shows as a hint.
 */
import {
  distanceUnitFor,
  formatDistance,
  type GeocodeResult,
  type ServiceAreaCheck,
  type ServiceAreaPlace,
} from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { haversineKm } from '../../db/seed-data/places';
import {
  defaultAddress,
  findAddress,
  type Geocoder,
  normalizeName,
  type PlaceLookup,
  splitQuery,
} from '../places';
import * as msg from './messages';
import type { VendorArea } from './repository';

/** Where the job is, as the customer gave it. */
export interface JobLocation {
  /** One of the customer's saved places; when it is not theirs (or gone) `address` is used. */
  placeId?: string;
  /** The address as typed. */
  address?: string;
}

/** The comma-separated parts of an address without words holding digits; empty parts dropped. */
function addressParts(address: string): string[] {
  return address
    .split(/[,\n;]/)
    .map((part) =>
      part
        .split(/\s+/)
        .filter((word) => word && !/\d/.test(word))
        .join(' '),
    )
    .filter((part) => part.length >= 2);
}

/**
 * The readings of a typed address worth asking the geocoder, most likely first: each
 * comma-separated part from the last (towns come after streets), with the part after it as a
 * country or region hint (`Boston, MA`, `London, UK`), then a part's last word as the hint
 * (`Boston MA`). Words with digits (house numbers, postcodes) are dropped. A part without a hint
 * is read as a town only if it is a city of 100,000 or more (`explicit: false`), so a trailing
 * `UK` or `MA` is not taken for a village of that name.
 */
export function townReadings(address: string): PlaceLookup[] {
  const parts = addressParts(address);
  const out: PlaceLookup[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    const name = parts[i]!;
    const hint = parts[i + 1] ?? null;
    if (hint) out.push({ name, hint, explicit: true });
    const words = name.split(' ');
    if (words.length > 1) {
      out.push({ name: words.slice(0, -1).join(' '), hint: words.at(-1)!, explicit: true });
    }
    out.push({ name, hint: null, explicit: false });
  }
  return out;
}

/**
 * The parts of a typed address that may start a town's name, for a prefix search when no exact
 * name matched (`New York` → New York City): every comma-separated part but the first (the
 * street) unless it is the only one, digits dropped, with the part after it as the hint.
 */
export function townPrefixes(address: string): string[] {
  const parts = addressParts(address);
  const out: string[] = [];
  for (let i = parts.length - 1; i >= (parts.length > 1 ? 1 : 0); i--) {
    const hint = parts[i + 1];
    out.push(hint ? `${parts[i]}, ${hint}` : parts[i]!);
  }
  return out;
}

/**
 * The town a typed address names: the first of {@link townReadings} the geocoder resolves,
 * preferring the namesake nearest `near` (degrees) when given, else a town whose name starts with
 * a part of the address ({@link townPrefixes}: `New York` → New York City). Typo matches of the
 * search are not taken, so a street name never becomes a town by accident. Null when none is found.
 */
export async function locateTown(
  geocoder: Geocoder,
  address: string,
  near?: { lat: number; lng: number },
): Promise<GeocodeResult | null> {
  for (const reading of townReadings(address)) {
    const city = await geocoder.resolvePlace({ ...reading, near });
    if (city) return city;
  }
  for (const q of townPrefixes(address)) {
    const [best] = await geocoder.search({ q, ...near, limit: 1 });
    const typed = normalizeName(splitQuery(q).name);
    const name = best ? normalizeName(best.name) : '';
    if (best && (name === typed || name.startsWith(`${typed} `))) return best;
  }
  return null;
}

/**
 * How a place reads in a refusal: `London, GB` abroad, `Denver, CO` in the pro's own country
 * (where the state tells namesakes apart), `Boston, US` when no region is known.
 */
export function placeLabel(place: ServiceAreaPlace, vendorCountry: string): string {
  const qualifier = place.country === vendorCountry && place.region ? place.region : place.country;
  return `${place.name}, ${qualifier}`;
}

/** A geocoder city as the place of a typed address. */
function toPlace(city: GeocodeResult): ServiceAreaPlace {
  return {
    name: city.name,
    region: city.region,
    country: city.country,
    lat: city.lat,
    lng: city.lng,
    source: 'address',
  };
}

/**
 * Locates `job` for `customerId`: the saved place's coordinates (its town's region looked up for
 * the label), else the town the typed address names ({@link locateTown}, preferring the namesake
 * nearest the pro). Null when none gives a place.
 */
export async function locateJob(
  deps: { db: DbOrTx; geocoder: Geocoder },
  customerId: string,
  job: JobLocation,
  near: { lat: number; lng: number },
): Promise<ServiceAreaPlace | null> {
  if (job.placeId) {
    const saved = await findAddress(deps.db, customerId, job.placeId);
    if (saved) {
      const town = await deps.geocoder.resolve(saved.city, saved.country);
      return {
        name: saved.city,
        region: town?.region ?? null,
        country: saved.country,
        lat: saved.lat,
        lng: saved.lng,
        source: 'saved',
      };
    }
  }
  if (!job.address) return null;
  const town = await locateTown(deps.geocoder, job.address, near);
  return town ? toPlace(town) : null;
}

/**
 * Whether the pro (`businessName`, `area`) serves `job`. Distances are great-circle km; the
 * refusal states them in the customer's unit (`distanceUnitFor` the country of their default
 * saved place, else of the pro: miles in the US and GB).
 */
export async function checkServiceArea(
  deps: { db: DbOrTx; geocoder: Geocoder },
  customerId: string,
  businessName: string,
  area: VendorArea,
  job: JobLocation,
): Promise<ServiceAreaCheck> {
  const place = await locateJob(deps, customerId, job, area);
  if (!place) {
    return {
      served: null,
      place: null,
      distanceKm: null,
      radiusKm: area.radiusKm,
      message: msg.townNotFound(businessName),
    };
  }
  const distanceKm = haversineKm(area.lat, area.lng, place.lat, place.lng);
  if (distanceKm <= area.radiusKm) {
    return { served: true, place, distanceKm, radiusKm: area.radiusKm, message: null };
  }
  const home = await defaultAddress(deps.db, customerId);
  const unit = distanceUnitFor(home?.country ?? area.country);
  return {
    served: false,
    place,
    distanceKm,
    radiusKm: area.radiusKm,
    message: msg.outsideServiceAreaText(
      businessName,
      placeLabel(place, area.country),
      formatDistance(distanceKm, 'en-US', unit),
    ),
  };
}
