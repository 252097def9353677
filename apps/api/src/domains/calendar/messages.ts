/**
 * What the calendar domain says: the words of its events (summary, description), the mails that
 * carry an updated invite to the customer, and its errors. Imports only `shared/`.
 */
import { forbidden, notFound } from '../../shared/errors';
import {
  escapeHtml,
  firstName,
  type MailAttachment,
  type MailMessage,
  mailHtml,
} from '../../shared/mail';

/** The customer's event title: "Leak repair with Lee Plumbing". */
export const eventSummary = (serviceTitle: string, businessName: string) =>
  `${serviceTitle} with ${businessName}`;

/** The customer's event description: the booking's page. */
export const eventDescription = (orderUrl: string) => `Your Vetted booking: ${orderUrl}`;

/** The pro's feed title of a job: the service and the customer's first name only. */
export const feedSummary = (serviceTitle: string, customerName: string) =>
  `${serviceTitle} for ${firstName(customerName)}`;

/** The pro's feed description of a job: the order's page. */
export const feedDescription = (orderUrl: string) => `The booking on Vetted: ${orderUrl}`;

/** The feed's calendar name: "Vetted jobs: Lee Plumbing". */
export const feedName = (businessName: string) => `Vetted jobs: ${businessName}`;

/** 404 `calendar_feed_not_found`: an unknown or rotated feed token. */
export const feedNotFound = () => notFound('Calendar feed not found', 'calendar_feed_not_found');

/** 403 `vendor_only`: a feed is a pro's. */
export const vendorOnly = () => forbidden('Only pros have a calendar feed', 'vendor_only');

/** What a calendar mail says about the booking. */
export interface CalendarMailFacts {
  to: string;
  customerName: string;
  businessName: string;
  serviceTitle: string;
  /** The time, naming its zone (`shared/time` `formatWhenZoned`). */
  when: string;
  /** The booking's page (absolute URL). */
  orderUrl: string;
  /** The `invite.ics` that updates the reader's calendar. */
  invite: MailAttachment;
}

/** One calendar mail: a subject, two paragraphs, the booking link, the invite attached. */
function calendarMail(f: CalendarMailFacts, subject: string, lines: string[]): MailMessage {
  const first = firstName(f.customerName);
  const text = [
    `Hi ${first},`,
    '',
    ...lines.flatMap((l) => [l, '']),
    `Your booking: ${f.orderUrl}`,
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const html = mailHtml(
    [
      `        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>`,
      ...lines.map((l) => `        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(l)}</p>`),
      `        <p style="margin:0;font-size:14px"><a href="${escapeHtml(f.orderUrl)}" style="color:#135FE1">View your booking</a></p>`,
    ].join('\n'),
  );
  return {
    to: f.to,
    subject,
    text,
    html,
    // A booking mail: the recipient may switch these off.
    preferenceKind: 'bookings',
    attachments: [f.invite],
  };
}

/** To the customer when the pro kept the new time: the new time and the updated invite. */
export function rescheduleConfirmedMail(f: CalendarMailFacts): MailMessage {
  return calendarMail(f, `New time confirmed: ${f.serviceTitle} on ${f.when}`, [
    `${f.businessName} confirmed the new time for ${f.serviceTitle}: ${f.when}.`,
    'The attached invite moves the booking in your calendar.',
  ]);
}

/**
 * To the customer when the pro accepted their paid booking: the attached invite turns the
 * receipt's tentative event into a confirmed one.
 */
export function bookingAcceptedMail(f: CalendarMailFacts): MailMessage {
  return calendarMail(f, `Booking accepted: ${f.serviceTitle} on ${f.when}`, [
    `${f.businessName} accepted your booking for ${f.serviceTitle} on ${f.when}.`,
    'The attached invite confirms it in your calendar. Your start code is on your booking page: give it to the pro when they arrive.',
  ]);
}

/**
 * To the customer when a booking they were sent an invite for is off (cancelled by either
 * side, declined, or neither time could be kept): the attached invite removes it. What happens
 * to the money is on the booking's page and in the notification.
 */
export function bookingCancelledMail(f: CalendarMailFacts): MailMessage {
  return calendarMail(f, `Booking cancelled: ${f.serviceTitle} on ${f.when}`, [
    `Your booking for ${f.serviceTitle} with ${f.businessName} on ${f.when} is cancelled.`,
    'The attached invite removes it from your calendar. Any refund or released card hold is shown on your booking page.',
  ]);
}
