/**
 * User-facing text of the places domain: each error says what to fix
 * and names the field it is about.
 */
import { MAX_SAVED_PLACES } from '@vetted/contract';
import { AppError, conflict, notFound, unauthorized } from '../../shared/errors';

/** English country names by code, for hints like `Paris, France` and error messages. */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
/** Names found so far, by code as asked; only codes Intl names, so the map stays small. */
const countryNameCache = new Map<string, string>();

/**
 * English name of an ISO 3166-1 country code (`US` → "United States", `FR` → "France"),
 * memoised for the city search; the code itself when unknown or malformed (never throws).
 */
export function countryName(code: string): string {
  const cached = countryNameCache.get(code);
  if (cached !== undefined) return cached;
  let name: string;
  try {
    name = countryNames.of(code) ?? code;
  } catch {
    return code;
  }
  // Arbitrary input (a form's country) is not kept: only codes Intl knows by name.
  if (name !== code) countryNameCache.set(code, name);
  return name;
}

/** The same 404 for a random id and for someone else's place (no IDOR oracle). */
export const placeNotFound = () => notFound('Saved place not found', 'address_not_found');

/** A token of an account that is gone. */
export const accountGone = () => unauthorized('Session not found', 'user_not_found');

/** 422 for a city the dataset does not know in that country (and no lat/lng were sent). */
export function unknownCity(city: string, country: string): AppError {
  const message = `city: We could not find "${city}" in ${countryName(country)}. Check the spelling, pick a city from the suggestions or use your current location.`;
  return new AppError(422, message, 'unknown_city', {
    city: `We could not find "${city}" in ${countryName(country)}. Check the spelling or pick a suggestion.`,
  });
}

/** 409 past {@link MAX_SAVED_PLACES} places. */
export const tooManyPlaces = () =>
  conflict(
    `You can keep up to ${MAX_SAVED_PLACES} saved places. Delete one you no longer use to add another.`,
    'too_many_places',
  );

/** 422 when `isDefault: false` is sent for the default place: there is always one default. */
export const defaultRequired = () =>
  new AppError(
    422,
    'isDefault: One place is always your default. Make another place the default instead.',
    'default_required',
    { isDefault: 'Make another place the default instead' },
  );
