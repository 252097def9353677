import type { ServicePage, ServicePagePlace } from '@vetted/contract';

/*
 * Words the public pro and landing pages show, shared by the pages themselves (browser and
 * server render) so a heading and the title set after hydration read the same. Kept free of
 * the build-time head data (page-head.ts), which the browser never needs.
 */

/** A place as a heading names it: "Boston, MA", "London, United Kingdom". */
export function placeName(place: Pick<ServicePagePlace, 'name' | 'region' | 'country'>): string {
  if (place.region) return `${place.name}, ${place.region}`;
  const country = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  return `${place.name}, ${country.of(place.country) ?? place.country}`;
}

/**
 * A landing page's heading: "Plumbing pros in Boston, MA", or "Plumbing pros" without
 * a place. Category names are activities ("Hair Styling", "Pest Control"), so "pros" after the
 * name reads right for every seeded category, where a made-up plural ("Hair Stylings") would not.
 */
export function servicePageHeading(page: Pick<ServicePage, 'category' | 'place'>): string {
  const what = `${page.category.name} pros`;
  return page.place ? `${what} in ${placeName(page.place)}` : what;
}

/**
 * What the vetting checked, as the badge says it: "Vetted: identity, insurance, licence
 * checked", or "Vetted pro" when no document kind was recorded (contract `proVettingSchema`).
 */
export function vettingPhrase(checks: readonly string[]): string {
  return checks.length > 0 ? `Vetted: ${checks.join(', ')} checked` : 'Vetted pro';
}

/**
 * A calendar date for pages rendered on the server and then hydrated: English and in UTC, so
 * the server and every browser write the same text ("March 12, 2025").
 */
export function publicDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(iso));
}
