import Negotiator from 'negotiator';

/**
 * The locale a page rendered per request is formatted in: the first language of the visitor's
 * `Accept-Language` (by quality, read by `negotiator`) that the runtime's Intl supports, in
 * canonical form (`de-de` → `de-DE`); undefined when none is (the server's own locale then).
 * The browser hydrates the page in the same locale (the data block names it), so numbers, money
 * and dates read alike on both sides.
 */
export function visitorLocale(acceptLanguage: string | undefined): string | undefined {
  if (!acceptLanguage) return undefined;
  const languages = new Negotiator({ headers: { 'accept-language': acceptLanguage } }).languages();
  for (const tag of languages) {
    if (tag === '*') continue;
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical && Intl.NumberFormat.supportedLocalesOf(canonical).length > 0) return canonical;
    } catch {
      // Not a well-formed tag (RangeError): try the next one.
    }
  }
  return undefined;
}
