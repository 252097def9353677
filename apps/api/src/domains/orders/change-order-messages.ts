/**
 * What change orders (extras during a job) tell people: the 4xx errors of the three endpoints
 * (each says what to do instead), the in-app notices of each decision to the other side, the
 * mail of a proposal, and the final receipt sent at completion with every line and extra.
 * Amounts are formatted from minor units (shared/money.ts).
 */
import type { OrderStatus } from '@vetted/contract';
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { customerOrderLink, vendorOrderLink } from '../../shared/links';
import { escapeHtml, type MailMessage, mailHtml } from '../../shared/mail';
import { formatMoney } from '../../shared/money';
import type { NewNotification } from '../../shared/notification';
import { STATUS_LABEL } from './messages';

export const changeOrderNotFound = () => notFound('Extra not found', 'change_order_not_found');

/** 400: more photos than an extra takes. */
export const tooManyPhotos = () =>
  badRequest('Add at most 6 photos to an extra', 'too_many_photos', {
    photos: 'Add at most 6 photos',
  });

/** 409: extras only while the job is accepted or in progress. */
export const orderNotChangeable = (status: OrderStatus) =>
  conflict(
    `Extras can be proposed and approved only while the job is accepted or in progress: this order is ${STATUS_LABEL[status]}`,
    'order_not_changeable',
  );

/** 403: only the order's pro proposes extras. */
export const proposerOnly = () =>
  forbidden('Only the pro doing this job can propose an extra', 'wrong_actor');

/** 403: only the order's customer approves or declines an extra (nothing is charged otherwise). */
export const deciderOnly = () =>
  forbidden(
    'Only the customer of this order can approve or decline an extra: it is charged to their card',
    'wrong_actor',
  );

const DECIDED: Record<string, string> = {
  approved: 'was already approved',
  declined: 'was declined',
  cancelled: 'was cancelled when the job ended',
};

/** 409: the extra is no longer waiting for the customer's answer. */
export const changeOrderDecided = (status: string) =>
  conflict(
    `This extra ${DECIDED[status] ?? 'was already answered'}: ask the pro to propose a new one if needed`,
    'change_order_not_proposed',
  );

/** What the notices and mails of one extra say about it and its order. */
export interface ExtraFacts {
  orderId: string;
  reference: string;
  serviceTitle: string;
  businessName: string;
  customerName: string;
  description: string;
  /** Minor units: the pro's part, the platform fee, and what the card is charged. */
  amount: number;
  fee: number;
  currency: string;
}

const money = (f: ExtraFacts, minor: number) => formatMoney(minor, f.currency);
const chargeWords = (f: ExtraFacts) =>
  `${money(f, f.amount + f.fee)} (${money(f, f.amount)} + ${money(f, f.fee)} booking fee)`;

/** To the customer: the pro proposes an extra; nothing is charged until they approve. */
export function proposedNotice(f: ExtraFacts): Omit<NewNotification, 'userId'> {
  return {
    type: 'order.change_proposed',
    title: `Extra proposed: ${money(f, f.amount + f.fee)}`,
    body: `${f.businessName} proposes "${f.description}" on ${f.reference} for ${chargeWords(f)}. Nothing is charged unless you approve it.`,
    link: customerOrderLink(f.orderId),
  };
}

/** To the pro: the customer approved (their card is authorised for it). */
export function approvedNotice(f: ExtraFacts): Omit<NewNotification, 'userId'> {
  return {
    type: 'order.change_approved',
    title: `Extra approved: ${money(f, f.amount)}`,
    body: `${f.customerName} approved "${f.description}" on ${f.reference}. It is charged with the job when you complete it.`,
    link: vendorOrderLink(f.orderId),
  };
}

/** To the pro: the customer declined; nothing was charged. */
export function declinedNotice(f: ExtraFacts): Omit<NewNotification, 'userId'> {
  return {
    type: 'order.change_declined',
    title: 'Extra declined',
    body: `${f.customerName} declined "${f.description}" (${money(f, f.amount)}) on ${f.reference}. Nothing was charged.`,
    link: vendorOrderLink(f.orderId),
  };
}

const firstName = (name: string) => name.split(/\s+/)[0] || name;
const absolute = (publicUrl: string, path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;

/** The mail to the customer about a proposed extra: what, how much, and where to answer. */
export function proposedMail(input: { to: string; facts: ExtraFacts; publicUrl: string }) {
  const f = input.facts;
  const link = absolute(input.publicUrl, customerOrderLink(f.orderId));
  const intro = `${f.businessName} proposes an extra on your booking ${f.reference} (${f.serviceTitle}):`;
  const what = `"${f.description}" for ${chargeWords(f)}.`;
  const rule = 'Nothing is charged unless you approve it; you can also decline it.';
  const text = [`Hi ${firstName(f.customerName)},`, '', intro, what, '', rule, '', link, ''];
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(firstName(f.customerName))},</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(intro)}<br>${escapeHtml(what)}</p>
        <p style="margin:0 0 16px;font-size:14px;color:#4a5163">${escapeHtml(rule)}</p>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">Approve or decline</a></p>`);
  return {
    to: input.to,
    subject: `Extra proposed on ${f.reference}: ${money(f, f.amount + f.fee)}`,
    text: text.join('\n'),
    html,
    preferenceKind: 'bookings' as const,
  } satisfies MailMessage;
}

/** One line of the final receipt: its words and minor units. */
export interface ReceiptLine {
  label: string;
  amount: number;
}

/**
 * The final receipt mailed to the customer when the job is completed: the booking's lines (the
 * quote's line items, or the service), its booking fee, each approved extra with the pro's
 * amount and its fee, and the total charged. `lines` and `extras` in minor units of `currency`.
 */
export function completedReceiptMail(input: {
  to: string;
  customerName: string;
  reference: string;
  orderId: string;
  businessName: string;
  currency: string;
  lines: ReceiptLine[];
  bookingFee: number;
  extras: { description: string; amount: number; fee: number }[];
  publicUrl: string;
}): MailMessage {
  const m = (minor: number) => formatMoney(minor, input.currency);
  const rows: [string, string][] = [
    ...input.lines.map((l): [string, string] => [l.label, m(l.amount)]),
    ['Booking fee', m(input.bookingFee)],
    ...input.extras.flatMap((e): [string, string][] => [
      [`Extra: ${e.description}`, m(e.amount)],
      ['Extra booking fee', m(e.fee)],
    ]),
  ];
  const total =
    input.lines.reduce((s, l) => s + l.amount, 0) +
    input.bookingFee +
    input.extras.reduce((s, e) => s + e.amount + e.fee, 0);
  const link = absolute(input.publicUrl, customerOrderLink(input.orderId));
  const intro = `${input.businessName} completed your booking ${input.reference}. Here is your final receipt.`;
  const text = [
    `Hi ${firstName(input.customerName)},`,
    '',
    intro,
    '',
    ...rows.map(([label, value]) => `  ${label}: ${value}`),
    `  Total charged: ${m(total)}`,
    '',
    link,
    '',
    '— The Vetted team',
    '',
  ];
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#4a5163">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(firstName(input.customerName))},</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(intro)}</p>
        <table role="presentation" style="margin:0 0 16px;font-size:15px">
          ${rows.map(([l, v]) => row(l, v)).join('\n          ')}
          ${row('Total charged', m(total))}
        </table>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">View your booking</a></p>`);
  return {
    to: input.to,
    subject: `Your final Vetted receipt for ${input.reference}`,
    text: text.join('\n'),
    html,
    preferenceKind: 'bookings',
  };
}
