/**
 * User-facing text of earnings and payouts: errors a vendor can act on and the in-app
 * notices of a payout's outcome.
 */
import {
  formatMoneyWords,
  PAYOUT_ACCOUNT_REQUIRED_MESSAGE,
  PAYOUT_HOLD_DAYS,
  type PayoutAccountStatus,
} from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import { conflict, forbidden } from '../../shared/errors';
import { idempotencyMismatch as sharedIdempotencyMismatch } from '../../shared/idempotency';
import type { NewNotification } from '../../shared/notification';
import { formatMoney } from '../../shared/money';

/** 403: earnings and payouts are the vendor area's. */
export const vendorOnly = () => forbidden('Only pros have earnings and payouts', 'vendor_only');

/** 404: a vendor user without a business profile. */
export { vendorNotFound } from '../../shared/errors';

/** 409: nothing is available to pay out in `currency` now. */
export const nothingAvailable = (currency: string) =>
  conflict(
    `You have no ${currency} earnings available to pay out yet. Earnings become available ${PAYOUT_HOLD_DAYS} days after a job is completed`,
    'nothing_available',
  );

/**
 * 409 `nothing_available` while the pro owes `owed` (minor units of `currency`): a refund
 * recovered after a payout, paid from their next earnings before any payout.
 */
export const owedFirst = (owed: number, currency: string) =>
  conflict(
    `You owe ${formatMoneyWords(owed, currency)} from a refund recovered after a payout. It comes off your next earnings before you can pay out again`,
    'nothing_available',
  );

/** 409: the amount asked for is more than `available` (minor units of `currency`). */
export const payoutTooLarge = (available: number, currency: string) =>
  conflict(
    `You can pay out at most ${formatMoney(available, currency)} now`,
    'payout_exceeds_available',
  );

/** 422: an Idempotency-Key already used for a payout of another currency or amount. */
export const idempotencyMismatch = () => sharedIdempotencyMismatch('a different payout');

/** The CSV export's file name on `day` (`YYYY-MM-DD`). */
export const exportFileName = (day: string) => `vetted-earnings-${day}.csv`;

/** The CSV export's header row, in column order. */
export const CSV_COLUMNS = [
  'Date',
  'Type',
  'Status',
  'Order reference',
  'Service',
  'Payout',
  'Currency',
  'Amount',
  'Amount (minor units)',
] as const;

/** Words of a bucket in the export. */
export const BUCKET_LABELS = {
  pending: 'Pending',
  on_hold: 'On hold',
  available: 'Available',
  paid_out: 'Paid out',
} as const;

/** Words of an entry kind in the export. */
export const KIND_LABELS = {
  vendor_payable: 'Booking',
  tip: 'Tip',
  refund: 'Refund',
  payout: 'Payout',
} as const;

/** Export words of a refund taken back from the pro by an admin, with its reason. */
export const refundRecoveredLabel = (reason: string) => `Refund recovered — ${reason}`;

/** "•••• 6789": how an account is named to people (its last four digits only). */
export const maskedAccount = (last4: string) => `•••• ${last4}`;

/** The in-app notice of a payout the provider confirmed, sent to the account ending `last4`. */
export function payoutPaidNotice(
  amount: number,
  currency: string,
  last4: string,
): Omit<NewNotification, 'userId'> {
  const to = last4 ? `your account ${maskedAccount(last4)}` : 'your payout account';
  return {
    type: 'payout.paid',
    title: `Payout sent: ${formatMoney(amount, currency)}`,
    body: `${formatMoney(amount, currency)} of your earnings was sent to ${to}.`,
    link: ROUTES.vendor.earnings,
  };
}

/** The in-app notice of a payout the provider refused for good: the money is available again. */
export function payoutFailedNotice(
  amount: number,
  currency: string,
  reason: string,
): Omit<NewNotification, 'userId'> {
  return {
    type: 'payout.failed',
    title: `Payout failed: ${formatMoney(amount, currency)}`,
    body: `${reason.replace(/\.+$/, '')}. The ${formatMoney(amount, currency)} is available to pay out again.`,
    link: ROUTES.vendor.earnings,
  };
}

/** 409: no verified payout account to send the money to. */
export const payoutAccountRequired = () =>
  conflict(PAYOUT_ACCOUNT_REQUIRED_MESSAGE, 'payout_account_required');

/** The in-app notice of a Stripe connected account that became verified or restricted. */
export function payoutAccountNotice(
  status: Exclude<PayoutAccountStatus, 'pending'>,
): Omit<NewNotification, 'userId'> {
  return status === 'verified'
    ? {
        type: 'payout_account.verified',
        title: 'Payouts are set up',
        body: 'Stripe verified your payout account. You can pay out your available earnings.',
        link: ROUTES.vendor.earnings,
      }
    : {
        type: 'payout_account.restricted',
        title: 'Stripe paused your payouts',
        body: 'Stripe needs more details before it can pay you. Update them from your earnings page.',
        link: ROUTES.vendor.earnings,
      };
}
