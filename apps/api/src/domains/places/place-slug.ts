import { normalizeName } from './policy';

/**
 * Place slugs of the landing pages (`/services/:category/:place`): a city's name, region code
 * (when the data has a readable one) and ISO country code in kebab case, e.g. `boston-ma-us`,
 * `london-eng-gb`, `zurich-ch`. Folded by the geocoder's own `normalizeName` (not a slug
 * library's transliteration, which writes `zuerich`), so a slug's name part is the very key the
 * city index is searched by.
 */

/** A slug of ASCII letters and digits in kebab case: the only kind a landing page gets. */
export const ASCII_PLACE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The parts of a city a slug is made of. */
export interface SluggedPlace {
  name: string;
  /** Region code (`MA`), or null. */
  region: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/**
 * The slug of `place`: `boston-ma-us`. Letters of other scripts are kept (a name of Cyrillic
 * letters stays so): such slugs fail {@link ASCII_PLACE_SLUG} and get no landing page.
 */
export function placeSlug(place: SluggedPlace): string {
  return normalizeName(
    [place.name, place.region, place.country].filter(Boolean).join(' '),
  ).replaceAll(' ', '-');
}

/** One way to read a slug back: a city name (spaces for hyphens) and a region or country hint. */
export interface PlaceSlugReading {
  name: string;
  /** The region code when `withRegion`, else the country code (lower case). */
  hint: string;
  /** Country code, upper case. */
  country: string;
}

/**
 * The ways `slug` may split into name, optional region and country (`boston-ma-us` is Boston in
 * MA, US — or a city called "Boston Ma" in the US): the caller looks each up and keeps the one
 * whose own {@link placeSlug} is `slug`. Empty when the slug cannot be a place's.
 */
export function readPlaceSlug(slug: string): PlaceSlugReading[] {
  const parts = slug.split('-');
  const country = parts.at(-1) ?? '';
  if (parts.length < 2 || !/^[a-z]{2}$/.test(country)) return [];
  const readings: PlaceSlugReading[] = [];
  const region = parts.at(-2) ?? '';
  if (parts.length >= 3 && /^[a-z]{2,3}$/.test(region)) {
    readings.push({
      name: parts.slice(0, -2).join(' '),
      hint: region,
      country: country.toUpperCase(),
    });
  }
  readings.push({
    name: parts.slice(0, -1).join(' '),
    hint: country,
    country: country.toUpperCase(),
  });
  return readings;
}
