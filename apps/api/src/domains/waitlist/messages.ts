/**
 * User-facing text of the waitlist: errors, the offer notification and mail, and the
 * notice when a held time lapses.
 */
import { badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { offerLink } from '../../shared/links';
import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';
import type { NewNotification } from '../../shared/notification';
import { formatTime, formatWhen } from '../../shared/time';

export const customerOnly = () => forbidden('Only customers can join a waitlist', 'customer_only');

export const dayPast = () =>
  badRequest(
    'That day has passed or has no bookable times left. Pick a later day',
    'invalid_date',
    {
      date: 'Pick a later day',
    },
  );

export const dayOutOfRange = () =>
  badRequest('Pick a date within the next year', 'invalid_date', { date: 'Out of range' });

export const dayClosed = () =>
  conflict(
    "The pro doesn't work on that day, so there is no waitlist. Pick another day",
    'day_closed',
  );

export const dayNotFull = () =>
  conflict('There are still free times on that day: book one of them instead', 'day_not_full');

export const notOnWaitlist = () =>
  notFound("You're not on the waitlist for that day", 'waitlist_entry_not_found');

/** What an offer's notice and mail say. */
export interface OfferFacts {
  customerName: string;
  serviceTitle: string;
  businessName: string;
  vendorId: string;
  serviceId: string;
  startsAt: Date;
  expiresAt: Date;
  timeZone: string;
}

/** The in-app notification of an offer: which time, held until when, with the booking link. */
export function offerNotice(f: OfferFacts): Omit<NewNotification, 'userId'> {
  return {
    type: 'waitlist.offered',
    title: `A time freed up: ${f.serviceTitle} on ${formatWhen(f.startsAt, f.timeZone)}`,
    body: `${f.businessName} has a free time on the day you waited for. It is held for you until ${formatTime(f.expiresAt, f.timeZone)} (15 minutes): book it before then.`,
    link: offerLink(f.vendorId, f.serviceId, f.startsAt),
  };
}

/** The mail of an offer, same facts as {@link offerNotice}. */
export function offerMail(f: OfferFacts & { to: string; publicUrl: string }): MailMessage {
  const first = firstName(f.customerName);
  const when = formatWhen(f.startsAt, f.timeZone);
  const until = formatTime(f.expiresAt, f.timeZone);
  const link = `${f.publicUrl.replace(/\/$/, '')}${offerLink(f.vendorId, f.serviceId, f.startsAt)}`;
  const text = [
    `Hi ${first},`,
    '',
    `Good news: a time freed up for ${f.serviceTitle} with ${f.businessName} on the day you waited for.`,
    '',
    `  When        ${when}`,
    `  Held until  ${until} (15 minutes)`,
    '',
    `Book it: ${link}`,
    '',
    'After that the time goes to the next person on the waitlist.',
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">Good news: a time freed up for ${escapeHtml(f.serviceTitle)} with ${escapeHtml(f.businessName)} on the day you waited for.</p>
        <p style="margin:0 0 16px;font-size:16px"><strong>${escapeHtml(when)}</strong>, held for you until ${escapeHtml(until)} (15 minutes).</p>
        <p style="margin:0 0 16px;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">Book this time</a></p>
        <p style="margin:0;font-size:14px;color:#4a5163">After that the time goes to the next person on the waitlist.</p>`);
  return { to: f.to, subject: `A time freed up: ${f.serviceTitle} on ${when}`, text, html };
}

/** The notice when an offered time was not booked in time. */
export function offerExpiredNotice(f: {
  serviceTitle: string;
  startsAt: Date;
  timeZone: string;
}): Omit<NewNotification, 'userId'> {
  return {
    type: 'waitlist.expired',
    title: 'Held time released',
    body: `The time held for you (${f.serviceTitle}, ${formatWhen(f.startsAt, f.timeZone)}) was not booked within 15 minutes, so it went to the next person on the waitlist.`,
    link: null,
  };
}
