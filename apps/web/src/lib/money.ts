/*
 * Money typed by a person (major units, "49.99") ⇄ money the API speaks (integer minor units,
 * ARCHITECTURE §3). Display stays with `formatMoney` / `<Price>` of @vetted/ui; the number of
 * minor digits of a currency comes from Intl, as `formatMoney` reads it (USD 2, JPY 0, KWD 3).
 */

import { minorDigits } from '@vetted/contract';

/** Digits after the decimal point of a currency: the contract's one definition. */
export { minorDigits };

/**
 * `text` in major units of `currency` ("49.99", "50", "1,5" is not accepted) as integer minor
 * units (4999), or null when it is not a plain decimal with at most `minorDigits(currency)`
 * decimals. Exact: works on the digits, never multiplies a float.
 */
export function toMinorUnits(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const match = /^(\d{1,9})(?:\.(\d+))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(whole + fraction.padEnd(digits, '0'));
}

/**
 * `amount` minor units of `currency` as the plain decimal a person would type (4999 → "49.99",
 * 5000 → "50.00"; JPY 500 → "500"), for a form's initial value. No grouping, no symbol.
 */
export function toMajorText(amount: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(Math.trunc(amount))).padStart(digits + 1, '0');
  return digits === 0
    ? `${sign}${text}`
    : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
