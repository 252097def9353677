/**
 * The one set of words for a payment's state, read by the order page, order list, checkout
 * confirmation, mails, the pro's view and the admin console so they never disagree.
 * Zod-free on purpose: it ships in the first-load bundle and is imported by the API's mail
 * templates. Amounts are minor currency units (e.g. cents).
 */

/** Payment states as the contract's `paymentStatusSchema` spells them (kept literal: no zod here). */
export type MoneyWordsStatus =
  | 'requires_payment'
  | 'succeeded'
  | 'failed'
  | 'authorized'
  | 'captured'
  | 'voided'
  | 'refund_pending'
  | 'refunded';

/** What a payment-state sentence needs: the charge, what came back, and who charges it. */
export interface MoneyWordsInput {
  status: MoneyWordsStatus;
  /** The charge, minor units. */
  amount: number;
  /** Refunded so far, minor units (0 when none). */
  amountRefunded?: number;
  /** ISO 4217 code, e.g. `USD`. */
  currency: string;
  /** The pro's business name: an authorised card is charged when they accept. */
  vendorName: string;
  /** Who reads it: the pro is told "charged when you accept". Default `customer`. */
  viewer?: 'customer' | 'vendor';
}

/**
 * Digits after the decimal point of `currency` (ISO 4217 as `Intl` knows it: USD 2, JPY 0,
 * KWD 3): how many of an amount's minor units make its fraction. 2 for a code `Intl` refuses
 * (e.g. half-typed in a form), so callers never throw; the schemas report the code itself.
 */
export function minorDigits(currency: string): number {
  try {
    return (
      new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits ?? 2
    );
  } catch {
    return 2;
  }
}

/**
 * `amount` minor units as money, e.g. `formatMoneyWords(16800, 'USD')` → `$168.00`,
 * `formatMoneyWords(500, 'JPY')` → `¥500`: the currency's {@link minorDigits} (USD 2, JPY 0,
 * KWD 3), as the UI's `formatMoney` reads them.
 * @throws RangeError when `currency` is not an ISO 4217 code `Intl` knows
 */
export function formatMoneyWords(amount: number, currency: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
  return format.format(amount / 10 ** minorDigits(currency));
}

/** True while the card is only held: nothing has been charged, so nothing was "paid". */
export function isOnlyAuthorised(status: MoneyWordsStatus): boolean {
  return status === 'authorized' || status === 'requires_payment';
}

/**
 * The payment's state in words: "Card authorised — charged when <pro> accepts", "Paid",
 * "Refund pending", "Partly refunded $80.00 of $168.00", "Refunded" (only when refunded in full),
 * "Not charged", "Awaiting payment", "Payment failed".
 */
export function paymentWords(p: MoneyWordsInput): string {
  const refunded = p.amountRefunded ?? 0;
  switch (p.status) {
    case 'authorized':
      return authorisedWords(p.vendorName, p.viewer);
    case 'requires_payment':
      return 'Awaiting payment';
    case 'failed':
      return 'Payment failed';
    case 'voided':
      return 'Not charged';
    case 'refund_pending':
      return 'Refund pending';
    case 'refunded':
      return refunded > 0 && refunded < p.amount ? partlyRefunded(refunded, p) : 'Refunded';
    case 'succeeded':
    case 'captured':
      // A partial refund leaves the payment captured: say how much came back.
      return refunded > 0 ? partlyRefunded(refunded, p) : 'Paid';
  }
}

function partlyRefunded(refunded: number, p: MoneyWordsInput): string {
  return `Partly refunded ${formatMoneyWords(refunded, p.currency)} of ${formatMoneyWords(p.amount, p.currency)}`;
}

/** The label beside a total: "Total paid" once charged, "Total authorised" while only held. */
export function totalLabel(status: MoneyWordsStatus | null | undefined): string {
  return status && !isOnlyAuthorised(status) ? 'Total paid' : 'Total authorised';
}

/**
 * The words of a card only held, e.g. "Card authorised — charged when Demo Plumbing accepts"
 * (`viewer` `vendor`: "… charged when you accept"): what {@link paymentWords} says of an
 * `authorized` payment, for texts written before any amount is at hand (the checkout mails).
 */
export function authorisedWords(
  vendorName: string,
  viewer: 'customer' | 'vendor' = 'customer',
): string {
  return viewer === 'vendor'
    ? 'Card authorised — charged when you accept'
    : `Card authorised — charged when ${vendorName} accepts`;
}
