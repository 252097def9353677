import { type VendorService, vendorServiceBodySchema } from '@vetted/contract';
import { data as iso4217 } from 'currency-codes';
import { z } from 'zod';
import { toMajorText, toMinorUnits } from '../../lib/money';

/** Durations offered: 15 minutes to 12 hours in 15-minute steps (contract `durationMinutes`). */
export const DURATIONS = Array.from({ length: 48 }, (_, i) => (i + 1) * 15);
/** Longest description the API keeps (contract `vendorServiceBodySchema`). */
export const DESCRIPTION_MAX = 2000;

const bodyShape = vendorServiceBodySchema.shape;

/**
 * The service form's schema: the contract's `vendorServiceBodySchema`, except that the price is
 * typed in major units ("49.99") and turned into integer minor units of its currency before the
 * contract's own price rules run — so the browser and the API refuse the same prices with the
 * same words, on the same field (`price.amount`).
 */
export const serviceFormSchema = vendorServiceBodySchema.extend({
  price: z
    .object({ amount: z.string(), currency: bodyShape.price.shape.currency })
    .transform(({ amount, currency }, ctx) => {
      const minor = toMinorUnits(amount, currency);
      if (minor === null) {
        ctx.addIssue({
          code: 'custom',
          path: ['amount'],
          message: amount.trim() ? 'Enter a price such as 50 or 49.99' : 'Enter a price',
        });
        return z.NEVER;
      }
      return { amount: minor, currency };
    })
    .pipe(bodyShape.price),
});
/** What the service form holds (price as typed). */
export type ServiceFormInput = z.input<typeof serviceFormSchema>;
/** What the service form submits: the contract's body, price in minor units. */
export type ServiceFormOutput = z.output<typeof serviceFormSchema>;

/** Server field errors the form can show on a field (the API's dotted paths). */
export const SERVICE_FORM_FIELDS = [
  'categorySlug',
  'title',
  'description',
  'price.amount',
  'price.currency',
  'durationMinutes',
  'active',
] as const;

/**
 * Units of account on ISO 4217's list that nobody pays a bill in: the IMF's special drawing
 * right, the SUCRE clearing unit, the African Development Bank's unit.
 */
const UNITS_OF_ACCOUNT = new Set(['XDR', 'XSU', 'XUA']);

/** ISO 4217 list one as `currency-codes` ships it: the currencies in use today. */
const CURRENT_CURRENCIES = new Set(
  iso4217.map((c) => c.code).filter((code) => !UNITS_OF_ACCOUNT.has(code)),
);

/**
 * The page's currency choice: the currencies in use today (ISO 4217 list one, without units of
 * account) that Intl can format, with `also` (the service's own) kept in. Intl alone also knows
 * withdrawn ones (HRK, SLL, ZWL …), which a pro must not be offered.
 *
 * @param also an ISO 4217 code that must be offered even if withdrawn (e.g. `'HRK'`).
 * @returns upper-case ISO 4217 codes, sorted.
 */
export function currencyCodes(also: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('currency').filter((code) => CURRENT_CURRENCIES.has(code))
      : [...CURRENT_CURRENCIES].sort();
  return known.includes(also) ? known : [...known, also].sort();
}

/**
 * The durations to offer, in minutes: {@link DURATIONS}, plus `current` in its place when a
 * service was saved with a length off the 15-minute grid (so it stays selectable).
 */
export function durationChoices(current: number): number[] {
  return DURATIONS.includes(current) ? DURATIONS : [...DURATIONS, current].sort((a, b) => a - b);
}

/**
 * The form's values for `service` (its price written back in major units), or a new service's
 * defaults (`defaults.categorySlug`, `defaults.currency`; 60 minutes, active) when unset.
 */
export function serviceFormValues(
  service: VendorService | undefined,
  defaults: { categorySlug: string; currency: string },
): ServiceFormInput {
  if (!service) {
    return {
      categorySlug: defaults.categorySlug,
      title: '',
      description: '',
      price: { amount: '', currency: defaults.currency },
      durationMinutes: 60,
      active: true,
    };
  }
  return {
    categorySlug: service.category.slug,
    title: service.title,
    description: service.description,
    price: {
      amount: toMajorText(service.price.amount, service.price.currency),
      currency: service.price.currency,
    },
    durationMinutes: service.durationMinutes,
    active: service.active,
  };
}
