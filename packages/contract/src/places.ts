import { z } from 'zod';
import { isoDateTime, text, uuid } from './common';

/**
 * ISO 3166-1 alpha-2 codes of the 249 officially assigned countries and territories, plus `XK`
 * (Kosovo, user-assigned but used by GeoNames, the source of our city dataset).
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ' +
  'ZM ZW'
).split(' ');

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

/** Most suggestions `GET /v1/geocode` answers; `limit` defaults to {@link GEOCODE_DEFAULT_LIMIT}. */
export const GEOCODE_MAX_LIMIT = 20;
/** Suggestions `GET /v1/geocode` answers when no `limit` is given. */
export const GEOCODE_DEFAULT_LIMIT = 8;

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

/** How far (km) `GET /v1/geocode/reverse` looks for a city around the point. */
export const REVERSE_GEOCODE_MAX_KM = 50;

/** Most saved places one account may keep. */
export const MAX_SAVED_PLACES = 20;

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
