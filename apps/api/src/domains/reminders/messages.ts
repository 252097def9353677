/**
 * What reminders tell people: the customer's reminder before a booking (in-app and mail) and the
 * pro's evening summary of tomorrow's jobs. Times read in the job's zone, with the zone named.
 */
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns';
import { customerOrderLink, vendorOrderLink, vendorOrdersLink } from '../../shared/links';
import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';
import type { NewNotification } from '../../shared/notification';
import { localDate } from '../../shared/time';

/** "9:00 AM EST": the time of day of `at` in `timeZone`, with the zone's short name. */
export function zonedTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(at);
}

/**
 * When a job is, as said at `now` in its zone: `Today at 9:00 AM EST`, `Tomorrow at 9:00 AM EST`,
 * else `On Mon, Mar 15 at 9:00 AM EDT`. `lower` starts it in lower case, for inside a sentence.
 */
export function whenWords(startsAt: Date, timeZone: string, now: Date, lower = false): string {
  const day = localDate(startsAt, timeZone);
  const today = localDate(now, timeZone);
  // The local calendar's next day (not now + 24 h: a DST day is 23 or 25 hours long).
  const tomorrow = localDate(addDays(new TZDate(now.getTime(), timeZone), 1), timeZone);
  const date = new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone,
  }).format(startsAt);
  const lead = day === today ? 'Today' : day === tomorrow ? 'Tomorrow' : `On ${date}`;
  const words = `${lead} at ${zonedTime(startsAt, timeZone)}`;
  return lower ? words.charAt(0).toLowerCase() + words.slice(1) : words;
}

/** What a customer reminder says about its booking. */
export interface ReminderFacts {
  orderId: string;
  customerId: string;
  customerEmail: string;
  customerName: string;
  serviceTitle: string;
  businessName: string;
  address: string;
  startsAt: Date;
  timeZone: string;
}

/** The customer's in-app reminder of a booking (type `reminder.upcoming`). */
export function reminderNotice(f: ReminderFacts, now: Date): NewNotification {
  const when = whenWords(f.startsAt, f.timeZone, now);
  return {
    userId: f.customerId,
    type: 'reminder.upcoming',
    title: `Reminder: ${f.serviceTitle} ${whenWords(f.startsAt, f.timeZone, now, true)}`,
    body: `${when}: ${f.serviceTitle} with ${f.businessName} at ${f.address}.`,
    link: customerOrderLink(f.orderId),
  };
}

/** The customer's reminder mail of a booking; switched off with the `reminders` kind. */
export function reminderMail(f: ReminderFacts, now: Date, publicUrl: string): MailMessage {
  const when = whenWords(f.startsAt, f.timeZone, now);
  const first = firstName(f.customerName);
  const link = `${publicUrl.replace(/\/$/, '')}${customerOrderLink(f.orderId)}`;
  const text = [
    `Hi ${first},`,
    '',
    `A reminder of your booking: ${f.serviceTitle} with ${f.businessName}.`,
    '',
    `  When     ${when}`,
    `  Where    ${f.address}`,
    '',
    `Your booking: ${link}`,
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const row = (label: string, value: string) =>
    `<tr><td style="padding:4px 16px 4px 0;color:#4a5163">${escapeHtml(label)}</td><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`;
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">A reminder of your booking: ${escapeHtml(f.serviceTitle)} with ${escapeHtml(f.businessName)}.</p>
        <table role="presentation" style="margin:0 0 16px;font-size:15px">
          ${row('When', when)}
          ${row('Where', f.address)}
        </table>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(link)}" style="color:#135FE1">View your booking</a></p>`);
  return {
    to: f.customerEmail,
    subject: `Reminder: ${f.serviceTitle} ${whenWords(f.startsAt, f.timeZone, now, true)}`,
    text,
    html,
    preferenceKind: 'reminders',
  };
}

/** One line of the pro's summary. */
export interface SummaryLine {
  orderId: string;
  startsAt: Date;
  serviceTitle: string;
  customerName: string;
  /** The address's area (`policy.addressArea`), not the house. */
  area: string;
}

/** "9:00 AM EST · Leak repair · Ann · Brooklyn, NY": one job of the summary. */
function summaryLine(line: SummaryLine, timeZone: string): string {
  const who = firstName(line.customerName);
  const area = line.area ? ` · ${line.area}` : '';
  return `${zonedTime(line.startsAt, timeZone)} · ${line.serviceTitle} · ${who}${area}`;
}

/** "Tue, Mar 16": the day a summary lists, from its `YYYY-MM-DD`. */
function dayWords(date: string): string {
  return new Intl.DateTimeFormat('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

const jobsWord = (n: number) => `${n} ${n === 1 ? 'job' : 'jobs'}`;

/** What the pro's evening summary is about. */
export interface SummaryFacts {
  vendorUserId: string;
  vendorEmail: string;
  vendorName: string;
  timeZone: string;
  /** The day listed, `YYYY-MM-DD` in the pro's zone. */
  date: string;
  lines: SummaryLine[];
}

/** The pro's in-app evening summary (type `reminder.summary`). */
export function summaryNotice(f: SummaryFacts): NewNotification {
  return {
    userId: f.vendorUserId,
    type: 'reminder.summary',
    title: `Tomorrow, ${dayWords(f.date)}: ${jobsWord(f.lines.length)}`,
    body: f.lines.map((l) => summaryLine(l, f.timeZone)).join('\n'),
    link: f.lines.length === 1 ? vendorOrderLink(f.lines[0]!.orderId) : vendorOrdersLink,
  };
}

/** The pro's evening summary mail; switched off with the `reminders` kind. */
export function summaryMail(f: SummaryFacts, publicUrl: string): MailMessage {
  const base = publicUrl.replace(/\/$/, '');
  const first = firstName(f.vendorName);
  const heading = `Your jobs tomorrow, ${dayWords(f.date)}: ${jobsWord(f.lines.length)}.`;
  const text = [
    `Hi ${first},`,
    '',
    heading,
    '',
    ...f.lines.map((l) => `  ${summaryLine(l, f.timeZone)}`),
    '',
    `Your bookings: ${base}${vendorOrdersLink}`,
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const items = f.lines
    .map(
      (l) =>
        `<li style="margin:0 0 6px"><a href="${escapeHtml(`${base}${vendorOrderLink(l.orderId)}`)}" style="color:#1a1f2e">${escapeHtml(summaryLine(l, f.timeZone))}</a></li>`,
    )
    .join('\n          ');
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(heading)}</p>
        <ul style="margin:0 0 16px;padding-left:20px;font-size:15px">
          ${items}
        </ul>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(`${base}${vendorOrdersLink}`)}" style="color:#135FE1">Open your bookings</a></p>`);
  return {
    to: f.vendorEmail,
    subject: `Tomorrow, ${dayWords(f.date)}: ${jobsWord(f.lines.length)}`,
    text,
    html,
    preferenceKind: 'reminders',
  };
}
