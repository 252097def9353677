import { type DistanceUnit, distanceUnitFor } from '@vetted/ui';
import { useHydrated } from './hydration';

/**
 * The country of the browser's language ("en-US" → US, "de" → DE), or null when it names none.
 * Browser only (reads `navigator`).
 */
export function browserRegion(): string | null {
  try {
    return new Intl.Locale(navigator.language).maximize().region ?? null;
  } catch {
    return null;
  }
}

/**
 * The unit the viewer reads distances in (miles for US and UK, km elsewhere: `distanceUnitFor`):
 * from the browser's language once hydrated; before that (on the server, and during hydration,
 * so the markup matches) from `fallbackCountry`, the country of the place the page is about.
 */
export function useViewerDistanceUnit(fallbackCountry: string | null | undefined): DistanceUnit {
  const hydrated = useHydrated();
  return distanceUnitFor((hydrated ? browserRegion() : null) ?? fallbackCountry);
}
