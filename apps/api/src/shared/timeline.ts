/**
 * Timeline notes that one domain writes and another reads back: the payments domain writes a
 * tip's note on the order's timeline when it captures the tip, and the orders domain recognises
 * that event by the same note (order events carry no kind of their own).
 */
import { formatMoney } from './money';

/**
 * The order-timeline note of a captured tip, e.g. "Tip of $5.00 sent (card ending 4242)";
 * `amount` in minor units of `currency`, `last4` null when the card is unknown.
 */
export const tipNote = (amount: number, currency: string, last4: string | null) =>
  last4
    ? `Tip of ${formatMoney(amount, currency)} sent (card ending ${last4})`
    : `Tip of ${formatMoney(amount, currency)} sent`;
