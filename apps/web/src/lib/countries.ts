import { COUNTRY_CODES } from '@vetted/contract';
import { browserRegion } from './viewer-distance';

const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** English name of an ISO 3166-1 alpha-2 code (`GB` → "United Kingdom"); the code if unknown. */
export function countryName(code: string): string {
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** Every country the contract accepts, as `{ code, name }` sorted by English name. */
export const COUNTRY_OPTIONS: readonly { code: string; name: string }[] = COUNTRY_CODES.map(
  (code) => ({ code, name: countryName(code) }),
).sort((a, b) => a.name.localeCompare(b.name, 'en'));

/**
 * The visitor's likely country: the region of the browser's language (`en-GB` → `GB`), if the
 * contract knows it, else `fallback`.
 */
export function browserCountry(fallback = 'US'): string {
  const region = browserRegion();
  return region && COUNTRY_CODES.includes(region) ? region : fallback;
}
