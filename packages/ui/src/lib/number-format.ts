/*
 * Building an Intl.NumberFormat costs far more than formatting with it: a results page built
 * one per price, rating and distance while it hydrated (measured: ~30 ms of a mid-range phone's
 * main thread for the prices alone). So every component formats through one shared formatter
 * per locale and options.
 */

/** How many formatters are kept before the cache starts afresh (locales come from visitors). */
const MAX_FORMATTERS = 256;

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * The `Intl.NumberFormat` of `locale` (BCP 47; undefined = the runtime's) and `options`, built
 * once and shared. Options are told apart by their JSON, so a call site should list them in a
 * fixed order (an object literal does).
 * @throws RangeError as `new Intl.NumberFormat` does (an invalid locale, currency or unit)
 */
export function numberFormat(
  locale: string | undefined,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `${locale ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}
