import { z } from 'zod';
import { isoDateTime, text, uuid } from './common';
import { COUNTRY_CODES, GEOCODE_DEFAULT_LIMIT, GEOCODE_MAX_LIMIT } from './places-constants';

/** A country as an ISO 3166-1 alpha-2 code; lower case is accepted and upper-cased. */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => COUNTRY_CODES.includes(code), {
    message: 'Use a two-letter ISO country code, e.g. US or GB',
  });

/** Latitude in degrees (WGS 84). */
export const latitudeSchema = z.number().min(-90).max(90);
/** Longitude in degrees (WGS 84). */
export const longitudeSchema = z.number().min(-180).max(180);

/**
 * `GET /v1/geocode` query: `q` (1–100 characters after trimming) is the start of a city name,
 * typos tolerated; text after a comma narrows by country or region (`Portland, ME`). `lat`+`lng`
 * (together) rank nearby cities higher.
 */
export const geocodeQuerySchema = z
  .object({
    q: text()
      .trim()
      .min(1, 'Type at least one character of a city')
      .max(100, 'Type at most 100 characters'),
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    limit: z.coerce.number().int().min(1).max(GEOCODE_MAX_LIMIT).default(GEOCODE_DEFAULT_LIMIT),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'Send lat and lng together',
    path: ['lat'],
  });
export type GeocodeQuery = z.input<typeof geocodeQuerySchema>;

/** One city that matches a geocode query (GeoNames, population ≥ 1000). */
export const geocodeResultSchema = z.object({
  /** GeoNames id of the city. */
  id: z.number().int(),
  /** Name as GeoNames spells it, e.g. `Zürich`, `New York City`. */
  name: z.string(),
  /**
   * State or region as a readable code where GeoNames has one (`MA`, `ENG`), else null
   * (numeric admin codes are not shown).
   */
  region: z.string().nullable(),
  /** ISO 3166-1 alpha-2 country code. */
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** IANA time zone at the city's coordinates, e.g. `America/New_York`. */
  timeZone: z.string(),
});
export type GeocodeResult = z.infer<typeof geocodeResultSchema>;

/** `GET /v1/geocode/reverse` query: a point (degrees). */
export const reverseGeocodeQuerySchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lng: z.coerce.number().min(-180).max(180),
});
export type ReverseGeocodeQuery = z.input<typeof reverseGeocodeQuerySchema>;

const addressFields = {
  /** The person's name for the place: "Home", "Office", "Mum's". */
  label: text()
    .trim()
    .min(1, 'Give the place a name, e.g. Home')
    .max(40, 'Use at most 40 characters'),
  /** Street and number, flat or floor. */
  line1: text().trim().min(3, 'Enter the street and number').max(200, 'Use at most 200 characters'),
  city: text().trim().min(1, 'Enter the city').max(100, 'Use at most 100 characters'),
  postcode: text().trim().max(20, 'Use at most 20 characters').optional(),
  country: countryCodeSchema,
  /** With `lng`: where the place is. Without both, the server finds the city's coordinates. */
  lat: latitudeSchema.optional(),
  lng: longitudeSchema.optional(),
  /** Makes this place the default one (the first place always is). */
  isDefault: z.boolean().optional(),
};

const latLngTogether = (v: { lat?: number; lng?: number }) =>
  (v.lat === undefined) === (v.lng === undefined);
const latLngTogetherIssue = { message: 'Send lat and lng together', path: ['lat'] };

/**
 * `POST /v1/me/addresses` body: `{ label, line1, city, postcode?, country, lat?, lng?,
 * isDefault? }`. Without lat/lng the server resolves them from the city and country; an empty
 * postcode counts as none.
 */
export const createAddressBodySchema = z
  .object(addressFields)
  .refine(latLngTogether, latLngTogetherIssue);
export type CreateAddressBody = z.input<typeof createAddressBodySchema>;

/**
 * `PATCH /v1/me/addresses/:id` body: any of the create fields. A new city or country without
 * lat/lng is resolved again; `isDefault: true` makes the place the default.
 */
export const updateAddressBodySchema = z
  .object(addressFields)
  .partial()
  .refine(latLngTogether, latLngTogetherIssue);
export type UpdateAddressBody = z.input<typeof updateAddressBodySchema>;

/** A saved place of the signed-in user. */
export const savedAddressSchema = z.object({
  id: uuid,
  label: z.string(),
  line1: z.string(),
  city: z.string(),
  postcode: z.string().nullable(),
  /** ISO 3166-1 alpha-2. */
  country: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** IANA time zone at the place. */
  timeZone: z.string().nullable(),
  /** The one place that drives distances, "near me" and the checkout's address. */
  isDefault: z.boolean(),
  createdAt: isoDateTime,
});
export type SavedAddress = z.infer<typeof savedAddressSchema>;

/** The saved places of the signed-in user: the default first, then newest first. */
export const savedAddressListSchema = z.array(savedAddressSchema);
