import type * as React from 'react';
import { useLocale } from './locale';
import { numberFormat } from '../lib/number-format';
import { cn } from '../lib/utils';

/** Money as sent by the API: an integer amount in minor units (cents) and an ISO 4217 code. */
interface Money {
  amount: number;
  currency: string;
}

/**
 * Formats an amount in minor units (e.g. cents) with Intl.NumberFormat.
 * The number of minor digits comes from the currency (EUR 2, JPY 0, KWD 3).
 * `formatMoney(12345, 'EUR', 'en-IE')` → "€123.45".
 */
function formatMoney(amount: number, currency: string, locale?: string): string {
  const formatter = numberFormat(locale, { style: 'currency', currency });
  return formatter.format(amount / 10 ** minorDigits(formatter));
}

/** The minor digits of a currency formatter's currency, read once per formatter. */
const digitsOf = new WeakMap<Intl.NumberFormat, number>();

function minorDigits(formatter: Intl.NumberFormat): number {
  let digits = digitsOf.get(formatter);
  if (digits === undefined) {
    digits = formatter.resolvedOptions().maximumFractionDigits ?? 2;
    digitsOf.set(formatter, digits);
  }
  return digits;
}

type PriceProps = Omit<React.ComponentProps<'span'>, 'children'> & {
  /** Amount in minor units (cents). */
  amount: number;
  /** ISO 4217 currency code, e.g. "EUR". */
  currency: string;
  /**
   * BCP 47 locale for formatting.
   * @defaultValue the nearest `LocaleProvider`'s, else the browser's
   */
  locale?: string;
  /** Text before the amount, e.g. "From". */
  prefix?: React.ReactNode;
};

/** A formatted price. */
function Price({ amount, currency, locale, prefix, className, ...props }: PriceProps) {
  const contextLocale = useLocale();
  return (
    <span data-slot="price" className={cn('font-semibold tabular-nums', className)} {...props}>
      {prefix ? <span className="mr-1 font-normal text-muted">{prefix}</span> : null}
      {formatMoney(amount, currency, locale ?? contextLocale)}
    </span>
  );
}

export { formatMoney, Price };
export type { Money, PriceProps };
