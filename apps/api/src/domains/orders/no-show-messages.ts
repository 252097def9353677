/**
 * What the no-show use cases say: their refusals (4xx a person can act on) and what they tell
 * the other side — in-app notices and mails, sent through the jobs engine by the use case.
 */
import { type AppError, conflict, forbidden } from '../../shared/errors';
import { customerOrderLink, vendorOrderLink } from '../../shared/links';
import { escapeHtml, type MailMessage, mailHtml } from '../../shared/mail';
import type { NewNotification } from '../../shared/notification';
import { formatWhen } from '../../shared/time';
import { STATUS_LABEL } from './messages';
import type { DisputeRefusal, NoShowRefusal } from './no-show-policy';
import type { OrderStatus } from '@vetted/contract';

type Missing = 'customer' | 'vendor';

/** The HTTP error of a refused no-show, `missing` naming the side that did not come. */
export function noShowRefusal(
  r: NoShowRefusal,
  missing: Missing,
  status: OrderStatus,
  timeZone: string,
): AppError {
  switch (r.reason) {
    case 'wrong_actor':
      return forbidden(
        missing === 'customer'
          ? 'Only the pro of this booking can mark the customer as not there'
          : 'Only the customer of this booking can report that the pro did not come',
        'wrong_actor',
      );
    case 'already_recorded':
      return conflict('A no-show is already recorded for this booking', 'no_show_recorded');
    case 'invalid_state':
      return conflict(
        `A no-show can be recorded only for an accepted booking that has not started; this one is ${STATUS_LABEL[status]}`,
        'invalid_transition',
      );
    case 'too_early':
      return conflict(
        `Give them until ${formatWhen(r.opens, timeZone)} (15 minutes after the start) before recording a no-show`,
        'no_show_too_early',
      );
  }
}

/** The HTTP error of a refused dispute. */
export function disputeRefusal(r: DisputeRefusal, timeZone: string): AppError {
  switch (r.reason) {
    case 'wrong_actor':
      return forbidden(
        'Only the customer of this booking can dispute its no-show fee',
        'wrong_actor',
      );
    case 'nothing_to_dispute':
      return conflict('This booking has no no-show fee to dispute', 'no_show_not_recorded');
    case 'already_disputed':
      return conflict(
        'You already disputed this fee; support will answer in your support chat',
        'no_show_disputed',
      );
    case 'too_late':
      return conflict(
        `The fee could be disputed until ${formatWhen(r.until, timeZone)} (48 hours). Contact support from the Help page`,
        'no_show_dispute_closed',
      );
  }
}

/** What the notices of a no-show need to know. Amounts already formatted (`$40.00`). */
export interface NoShowNoticeFacts {
  orderId: string;
  reference: string;
  customerId: string;
  vendorUserId: string;
  customerName: string;
  businessName: string;
  serviceTitle: string;
}

/**
 * The customer's notice that the pro marked them as not there: the fee charged and the rest
 * refunded. Keyed per order: a no-show is recorded once.
 */
export function customerMarkedNotice(
  f: NoShowNoticeFacts,
  fee: string,
  refund: string,
): NewNotification & { key: string } {
  return {
    userId: f.customerId,
    type: 'order.no_show',
    title: `Marked as a no-show: a fee of ${fee} was charged`,
    body: `${f.businessName} marked you as not there for ${f.serviceTitle} (${f.reference}). A no-show fee of ${fee} was charged and ${refund} is on its way back. You can dispute the fee within 48 hours.`,
    link: customerOrderLink(f.orderId),
    key: `order:${f.orderId}:no_show:customer`,
  };
}

/** The pro's notice that the customer reported them as not having come: full refund. */
export function vendorReportedNotice(
  f: NoShowNoticeFacts,
  refund: string,
): NewNotification & { key: string } {
  return {
    userId: f.vendorUserId,
    type: 'order.no_show',
    title: `${f.customerName} reported you did not come`,
    body: `${f.customerName} reported that you did not come for ${f.serviceTitle} (${f.reference}). Full refund of ${refund} on its way to them; it counts in your reliability record.`,
    link: vendorOrderLink(f.orderId),
    key: `order:${f.orderId}:no_show:vendor`,
  };
}

/** The pro's notice that the customer disputed the no-show fee to support. */
export function disputedNotice(f: NoShowNoticeFacts): NewNotification & { key: string } {
  return {
    userId: f.vendorUserId,
    type: 'order.no_show_disputed',
    title: `${f.customerName} disputed the no-show fee`,
    body: `${f.customerName} disputed the no-show fee of ${f.serviceTitle} (${f.reference}). Vetted support will look into it and may contact you.`,
    link: vendorOrderLink(f.orderId),
    key: `order:${f.orderId}:no_show:disputed`,
  };
}

/** The subject of the support chat a dispute opens (≤ 120 characters). */
export const disputeSubject = (reference: string) => `No-show fee dispute for ${reference}`;

/**
 * A notice as a mail to `to`, with a link to the order page under `publicUrl`: the notice's
 * title is the subject, its body the text. Booking mails may be switched off by the recipient.
 */
export function noticeMail(to: string, n: NewNotification, publicUrl: string): MailMessage {
  const link = `${publicUrl.replace(/\/$/, '')}${n.link ?? ''}`;
  return {
    to,
    subject: n.title,
    text: [n.body, '', `The booking: ${link}`, '', '— The Vetted team', ''].join('\n'),
    html: mailHtml(`        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(n.body)}</p>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">Open the booking</a></p>`),
    preferenceKind: 'bookings',
  };
}
