import { z } from 'zod';
import { text, uuid } from './common';

/** The unit distances are shown in (Intl.NumberFormat's unit identifiers). */
export type DistanceUnit = 'kilometer' | 'mile';

/** Kilometres in a statute mile (international mile, exact). */
export const KM_PER_MILE = 1.609344;

/**
 * The unit a person in `country` (ISO 3166-1 alpha-2) reads distances in: miles in the US and
 * the UK (road signs in miles), kilometres elsewhere and when the country is unknown.
 */
export function distanceUnitFor(country: string | null | undefined): DistanceUnit {
  return country === 'US' || country === 'GB' ? 'mile' : 'kilometer';
}

/**
 * Formats a distance given in km through Intl.NumberFormat's unit style: "850 m" under 1 km,
 * else "3.2 km"; in miles "0.5 mi", "2.4 mi", "12 mi", "5,270 mi" (one decimal under 10).
 */
export function formatDistance(
  km: number,
  locale?: string,
  unit: DistanceUnit = 'kilometer',
): string {
  const format = (value: number, u: 'meter' | DistanceUnit, digits: number) =>
    new Intl.NumberFormat(locale, {
      style: 'unit',
      unit: u,
      unitDisplay: 'short',
      maximumFractionDigits: digits,
    }).format(value);
  if (unit === 'mile') {
    const miles = Math.max(km / KM_PER_MILE, 0.1);
    return format(miles, 'mile', miles < 10 ? 1 : 0);
  }
  if (km < 1) return format(Math.round(km * 1000), 'meter', 0);
  return format(km, 'kilometer', 1);
}

/**
 * Query of `GET /v1/services/{id}/service-area`: where the job would be, as one of the caller's
 * saved places (`placeId`, its coordinates) or a typed address (`address`, its town found by
 * the geocoder). Exactly one of the two.
 */
export const serviceAreaQuerySchema = z
  .object({
    placeId: uuid.optional(),
    address: text().trim().min(1, 'Enter the address where the job is').max(300).optional(),
  })
  .refine((v) => (v.placeId === undefined) !== (v.address === undefined), {
    message: 'Send either placeId or address',
    path: ['address'],
  });
export type ServiceAreaQuery = z.input<typeof serviceAreaQuerySchema>;

/** Where an address was found: a saved place's coordinates or the town the geocoder resolved. */
export const serviceAreaPlaceSchema = z.object({
  /** Town or city, e.g. `London`. */
  name: z.string(),
  /** Readable region code where known (`MA`), else null. */
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** `saved`: a saved place's own coordinates; `address`: the town named in the typed address. */
  source: z.enum(['saved', 'address']),
});
export type ServiceAreaPlace = z.infer<typeof serviceAreaPlaceSchema>;

/**
 * Whether the pro serves an address. `served` is null when the address names no town the
 * geocoder knows (nothing could be checked; booking it is not refused, see `message`).
 * `distanceKm` is great-circle, from the pro's base; `radiusKm` is the pro's service radius.
 * `message` is the sentence to show: the refusal ("Demo Plumbing Co. doesn't serve London, GB
 * (5,270 mi away)"), or what to add when the town was not found; null when served.
 */
export const serviceAreaCheckSchema = z.object({
  served: z.boolean().nullable(),
  place: serviceAreaPlaceSchema.nullable(),
  distanceKm: z.number().nullable(),
  radiusKm: z.number(),
  message: z.string().nullable(),
});
export type ServiceAreaCheck = z.infer<typeof serviceAreaCheckSchema>;
