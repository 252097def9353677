/**
 * User-facing text of the payments domain: errors, notifications, order-event notes and the
 * receipt mail. Say only what happened: "Refunded" only once the provider
 * confirmed the refund; until then "Refund pending". A payment's state is worded by the
 * contract's money words (`paymentWords`), as on every screen: a card only authorised is never
 * called "paid" or "charged".
 */
import { authorisedWords } from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import type { NewNotification } from '../../shared/notification';
import { customerOrderLink, vendorOrderLink } from '../../shared/links';
import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';
import { formatMoney } from '../../shared/money';

export const messages = {
  paymentNotFound: 'Payment not found',
  orderNotFound: 'Order not found',
  alreadyPaid: 'This order has already been paid',
  notPayable: 'This order can no longer be paid',
  refunded: 'This payment was refunded',
  slotTaken: 'That time is no longer available. Pick another slot',
  slotTakenNote: 'That time was booked by someone else before payment',
  slotTakenHoldReleased:
    'That time was booked by someone else. The hold on your card is being released.',
  cardDeclined: 'Your card was declined. Try another card.',
  insufficientFunds: 'Your card has insufficient funds. Try another card.',
  invalidCardNumber: 'Enter a valid card number',
  cardExpired: 'Card has expired',
  cardRequired: 'Enter your card details',
  requiresAction: 'Your bank needs you to confirm this payment. Finish the check and try again.',
  inFlight: 'This payment is already being processed. Wait a moment and check your booking',
  idempotencyInProgress:
    'A request with this Idempotency-Key is still in progress. Retry in a few seconds',
  idempotencyMismatch: 'This Idempotency-Key was already used for a different request',
  stripeNotConfigured: 'Stripe is not configured',
  adminPaymentNotFound: 'Payment not found',
  notTippable: 'You can tip once the job is completed',
  alreadyTipped: 'You already sent a tip for this booking. Thank you!',
  extraClosed:
    'This extra can no longer be approved: the job is over or the extra was answered. Any hold on your card for it is released',
  extraReplaced: 'The job ended before this extra was approved: nothing was charged',
} as const;

/** 400: the tip is below `min` (minor units). */
export const tipTooSmall = (min: number, currency: string) =>
  `A tip must be at least ${formatMoney(min, currency)}`;

/** 400: the tip is above `max` (minor units). */
export const tipTooLarge = (max: number, currency: string) =>
  `A tip can be at most ${formatMoney(max, currency)} for this booking`;

/** 400: a tip sent in another currency than the booking's. */
export const tipCurrency = (currency: string) =>
  `Tips are paid in ${currency}, the currency of this booking`;

/** Failure note of an unconfirmed tip replaced by a tip of another amount. */
export const tipReplaced = (amount: number, currency: string) =>
  `Replaced by a tip of ${formatMoney(amount, currency)}`;

/** Order-event note of a tip the provider captured (one definition, shared with the orders view). */
export { tipNote } from '../../shared/timeline';

/** Notification to the vendor once a tip was captured: all of it is theirs. */
export const tipReceivedNotice = (o: OrderFacts, amount: string) => ({
  type: 'payment.tip',
  title: `You received a ${amount} tip`,
  body: `${o.customerName} tipped you ${amount} for ${o.serviceTitle} (${o.reference}). All of it is yours.`,
  link: vendorOrderLink(o.orderId),
});

/** Notification to the customer once their tip was charged. */
export const tipSentNotice = (o: OrderFacts, amount: string) => ({
  type: 'payment.tip',
  title: 'Tip sent',
  body: `Your ${amount} tip to ${o.businessName} for ${o.serviceTitle} (${o.reference}) was charged to your card. Thank you!`,
  link: customerOrderLink(o.orderId),
});

/** Order-event note of a payment authorised at checkout. */
export const paidNote = (amount: number, currency: string, last4: string | null) =>
  last4
    ? `Card ending ${last4} authorised for ${formatMoney(amount, currency)}`
    : `Card authorised for ${formatMoney(amount, currency)}`;

/** Order-event note of a refund the provider confirmed. */
export const refundedNote = (amount: number, currency: string, total: number) =>
  amount >= total
    ? `Refunded in full: ${formatMoney(amount, currency)}`
    : `Refunded ${formatMoney(amount, currency)} of ${formatMoney(total, currency)}`;

/** What an order is about, for notifications and mails. */
export interface OrderFacts {
  orderId: string;
  reference: string;
  serviceTitle: string;
  businessName: string;
  customerName: string;
  /** Formatted in the vendor's zone. */
  when: string;
}

/** Notification to the vendor when an order is paid. */
export const newBookingNotice = (o: OrderFacts) => ({
  type: 'order.paid',
  title: `New booking: ${o.serviceTitle} on ${o.when}`,
  body: `${o.customerName} booked ${o.serviceTitle} for ${o.when} (${o.reference}). Accept or decline it.`,
  link: vendorOrderLink(o.orderId),
});

/** Notification to the customer when their card was authorised. */
export const paymentReceivedNotice = (o: OrderFacts, amount: string) => ({
  type: 'payment.succeeded',
  title: 'Card authorised',
  body: `Your card is authorised for ${amount} for ${o.serviceTitle} with ${o.businessName} on ${o.when} (${o.reference}). You are charged when ${o.businessName} accepts.`,
  link: customerOrderLink(o.orderId),
});

/** Notification to the customer once the provider confirmed a refund. */
export const refundedNotice = (o: OrderFacts, amount: string) => ({
  type: 'payment.refunded',
  title: 'Refunded',
  body: `${amount} for ${o.serviceTitle} with ${o.businessName} (${o.reference}) was refunded to your card. Your bank may take a few days to show it.`,
  link: customerOrderLink(o.orderId),
});

/** Notification to the customer once the hold on their card was released (void). */
export const holdReleasedNotice = (o: OrderFacts, amount: string) => ({
  type: 'payment.voided',
  title: 'Card hold released',
  body: `The hold of ${amount} on your card for ${o.serviceTitle} with ${o.businessName} (${o.reference}) was released. You were not charged.`,
  link: customerOrderLink(o.orderId),
});

/**
 * The receipt mail sent when a card is authorised for an order: the amount held, for what, when,
 * the quote's line items when it books one (`lines`, each `[words, formatted amount]`), and the
 * payment's state in the money words — "Card authorised — charged when <pro> accepts"
 * (released if they decline). Nothing is charged yet, so nothing in it says "paid".
 */
export function receiptMail(input: {
  to: string;
  facts: OrderFacts;
  amount: string;
  last4: string | null;
  testMode: boolean;
  publicUrl: string;
  lines?: [string, string][];
}): MailMessage {
  const { facts: o } = input;
  const first = firstName(o.customerName);
  const link = `${input.publicUrl.replace(/\/$/, '')}${customerOrderLink(o.orderId)}`;
  const card = input.last4 ? `card ending ${input.last4}` : 'your card';
  // Sent at checkout, when the card is only held.
  const state = authorisedWords(o.businessName);
  const held = `Nothing is charged yet: the amount is held on ${card} and charged when ${o.businessName} accepts the booking; if they decline, the hold is released.`;
  const lines = [
    `Hi ${first},`,
    '',
    `Thanks for your booking. Here is your receipt${input.testMode ? ' (test mode: no real money moved)' : ''}.`,
    '',
    `  Booking    ${o.reference}`,
    `  Service    ${o.serviceTitle} with ${o.businessName}`,
    `  When       ${o.when}`,
    ...(input.lines ?? []).map(([words, amount]) => `  Item       ${words}: ${amount}`),
    `  Amount     ${input.amount} (${card})`,
    `  Payment    ${state}`,
    '',
    held,
    '',
    `Your booking: ${link}`,
    '',
    '— The Vetted team',
    '',
  ];
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#4a5163">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">Thanks for your booking. Here is your receipt${input.testMode ? ' (test mode: no real money moved)' : ''}.</p>
        <table role="presentation" style="margin:0 0 16px;font-size:15px">
          ${row('Booking', o.reference)}
          ${row('Service', `${o.serviceTitle} with ${o.businessName}`)}
          ${row('When', o.when)}
          ${(input.lines ?? []).map(([words, amount]) => row(words, amount)).join('\n          ')}
          ${row('Amount', `${input.amount} (${card})`)}
          ${row('Payment', state)}
        </table>
        <p style="margin:0 0 16px;font-size:14px;color:#4a5163">${escapeHtml(held)}</p>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">View your booking</a></p>`);
  return {
    to: input.to,
    subject: `Your Vetted receipt for ${o.reference}`,
    text: lines.join('\n'),
    html,
    // The recipient may switch booking mails off.
    preferenceKind: 'bookings',
  };
}

/**
 * The mail to the pro when a booking's card is authorised: what, when, for whom, the payment in
 * the money words ("Card authorised — charged when you accept"), what the booking earns them
 * (`earnings`, formatted: the price less Vetted's booking fee — never the customer's total or
 * card), and that they should accept or decline it.
 */
export function newBookingMail(input: {
  to: string;
  vendorName: string;
  facts: OrderFacts;
  /** What the booking earns the pro, formatted (e.g. `$160.00`). */
  earnings: string;
  publicUrl: string;
}): MailMessage {
  const { facts: o } = input;
  const first = firstName(input.vendorName);
  const link = `${input.publicUrl.replace(/\/$/, '')}${vendorOrderLink(o.orderId)}`;
  const state = authorisedWords(o.businessName, 'vendor');
  const text = [
    `Hi ${first},`,
    '',
    `${o.customerName} booked ${o.serviceTitle} for ${o.when} (${o.reference}).`,
    `Your earnings: ${input.earnings}. ${state}.`,
    'Accept or decline it; the customer is charged when you accept.',
    '',
    `The booking: ${link}`,
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(o.customerName)} booked ${escapeHtml(o.serviceTitle)} for ${escapeHtml(o.when)} (${escapeHtml(o.reference)}).</p>
        <p style="margin:0 0 16px;font-size:16px">Your earnings: ${escapeHtml(input.earnings)}. ${escapeHtml(state)}.</p>
        <p style="margin:0 0 16px;font-size:14px;color:#4a5163">Accept or decline it; the customer is charged when you accept.</p>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">Open the booking</a></p>`);
  return {
    to: input.to,
    subject: `New booking: ${o.serviceTitle} on ${o.when}`,
    text,
    html,
    // The recipient may switch booking mails off.
    preferenceKind: 'bookings',
  };
}

// A refund an admin recovered from the pro: told to the pro by the refund job.

/** What a refund recovered from the pro is about (minor units of `currency`). */
export interface RefundRecovery {
  /** The pro's first name or business, as mails greet them. */
  vendorName: string;
  customerName: string;
  serviceTitle: string;
  reference: string;
  /** What the customer got back (minor units). */
  refundAmount: number;
  /** The part of it taken from the pro's earnings (minor units). */
  recovered: number;
  currency: string;
  /** Why, as the admin wrote it. */
  reason: string;
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/**
 * The in-app notice of a refund an admin recovered from the pro: how much came off their
 * earnings, for which booking, and why. Type `earnings.refund_recovered` (no preference switch:
 * money taken from them is always told).
 */
export function refundRecoveredNotice(r: RefundRecovery): Omit<NewNotification, 'userId'> {
  const taken = formatMoney(r.recovered, r.currency);
  return {
    type: 'earnings.refund_recovered',
    title: `${taken} taken back from your earnings`,
    body: `Vetted refunded ${r.customerName} ${formatMoney(r.refundAmount, r.currency)} for ${r.serviceTitle} (${r.reference}), and ${taken} of it comes from your earnings. Reason: ${sentence(r.reason)}`,
    link: ROUTES.vendor.earnings,
  };
}

/**
 * The mail of a refund an admin recovered from the pro (see {@link refundRecoveredNotice}), with
 * what happens when the money was already paid out: it shows as owed and comes off their next
 * earnings. Always sent (no preference kind): it is about money taken from them.
 */
export function refundRecoveredMail(input: RefundRecovery & { to: string; publicUrl: string }) {
  const first = firstName(input.vendorName);
  const taken = formatMoney(input.recovered, input.currency);
  const refund = formatMoney(input.refundAmount, input.currency);
  const link = `${input.publicUrl.replace(/\/$/, '')}${ROUTES.vendor.earnings}`;
  const what = `Vetted refunded ${input.customerName} ${refund} for ${input.serviceTitle} (${input.reference}), and ${taken} of it comes from your earnings.`;
  const why = `Reason: ${sentence(input.reason)}`;
  const owed =
    'If those earnings were already paid out, the amount shows as owed on your earnings page and comes off your next earnings before any payout.';
  const text = [
    `Hi ${first},`,
    '',
    what,
    why,
    '',
    owed,
    '',
    `Your earnings: ${link}`,
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(what)}</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(why)}</p>
        <p style="margin:0 0 16px;font-size:14px;color:#4a5163">${escapeHtml(owed)}</p>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">View your earnings</a></p>`);
  const message: MailMessage = {
    to: input.to,
    subject: `${taken} taken back from your earnings for ${input.reference}`,
    text,
    html,
  };
  return message;
}
