/**
 * Money as people read it, one definition for the whole API. Amounts are minor units (cents);
 * each currency has its own minor digits (USD 2, JPY 0, KWD 3) as `Intl` knows them (ISO 4217).
 */
import { formatMoneyWords } from '@vetted/contract';

/** Digits after the decimal point of a currency: the contract's one definition. */
export { minorDigits } from '@vetted/contract';

/**
 * `amountMinor` minor units as money, e.g. `formatMoney(12345, 'USD')` → `$123.45`,
 * `formatMoney(500, 'JPY')` → `¥500`, with the currency's own minor digits (the contract's
 * `formatMoneyWords`, as the screens show amounts).
 * @throws RangeError when `currency` is not an ISO 4217 code `Intl` knows
 */
export function formatMoney(amountMinor: number, currency: string): string {
  return formatMoneyWords(amountMinor, currency);
}

/**
 * What an order's money needs because of a change (ARCHITECTURE §3), as the orders domain asks
 * the payments domain. Amounts in minor units.
 */
export type MoneyEffect =
  | { kind: 'none' }
  /** Take the authorised amount (vendor accepted). */
  | { kind: 'capture' }
  /** Release the authorisation (nothing was captured). */
  | { kind: 'void' }
  /** Give back part or all of a captured amount. */
  | { kind: 'refund'; amount: number };
