/**
 * An order's event as its customer's calendar keeps it: the `invite.ics` of the booking mails
 * (the receipt, a confirmed new time, a cancellation) and the order's "Add to calendar" file.
 * Other domains call these inside the transaction of the change, after writing its
 * `order_events` row, so the invite's SEQUENCE counts that change.
 */
import type { DbOrTx } from '../../../db/client';
import { enqueueMail } from '../../mail';
import type { MailAttachment } from '../../../shared/mail';
import { customerOrderLink, vendorOrderLink } from '../../../shared/links';
import { formatWhenZoned } from '../../../shared/time';
import type { Clock } from '../../deps';
import type { Config } from '../../../config';
import { type IcsEvent, writeCalendar } from '../ics';
import * as msg from '../messages';
import * as policy from '../policy';
import { loadOrderCalendar, type OrderCalendarRow } from '../repository';

/** What building an invite needs: the public URL (links, UID host), the sender, the clock. */
export interface InviteDeps {
  config: Pick<Config, 'publicUrl' | 'mailFrom'>;
  clock: Clock;
}

/** `publicUrl` + an in-app path. */
export const absolute = (publicUrl: string, path: string) =>
  `${publicUrl.replace(/\/$/, '')}${path}`;

/** What an order's VEVENT shows (a feed row has just these). */
export type EventFacts = Pick<
  OrderCalendarRow,
  | 'id'
  | 'status'
  | 'startsAt'
  | 'endsAt'
  | 'address'
  | 'customerName'
  | 'serviceTitle'
  | 'businessName'
  | 'eventCount'
>;

/**
 * The VEVENT of order `o` as its customer sees it (`customer`: "<service> with <business>",
 * their booking link, the pro's business as organiser and the customer as attendee) or as its
 * pro does (`vendor`: "<service> for <first name>", the pro's order link, nobody's address).
 */
export function orderEvent(o: EventFacts, side: 'customer' | 'vendor', d: InviteDeps): IcsEvent {
  const { publicUrl } = d.config;
  const url = absolute(
    publicUrl,
    side === 'customer' ? customerOrderLink(o.id) : vendorOrderLink(o.id),
  );
  return {
    uid: policy.orderUid(o.id, publicUrl),
    sequence: policy.sequenceOf(o.eventCount),
    startsAt: o.startsAt,
    endsAt: o.endsAt,
    status: policy.eventStatus(o.status),
    summary:
      side === 'customer'
        ? msg.eventSummary(o.serviceTitle, o.businessName)
        : msg.feedSummary(o.serviceTitle, o.customerName),
    description: side === 'customer' ? msg.eventDescription(url) : msg.feedDescription(url),
    location: o.address,
    url,
  };
}

/** The customer's invite of `o` as iCalendar text, with its iTIP method. */
function inviteText(o: OrderCalendarRow, d: InviteDeps) {
  const method = policy.inviteMethod(o.status);
  const text = writeCalendar({
    method,
    timeZone: o.timeZone,
    stamp: d.clock.now(),
    events: [
      {
        ...orderEvent(o, 'customer', d),
        organizer: { name: o.businessName, email: policy.addressOf(d.config.mailFrom) },
        attendee: { name: o.customerName, email: o.customerEmail },
      },
    ],
  });
  return { method, text };
}

/**
 * The `invite.ics` attachment of order `orderId` as it stands in `db` (pass the change's `tx`):
 * `text/calendar; method=REQUEST`, or `method=CANCEL` once the order is cancelled, declined or
 * refunded. Null when there is no such order.
 */
export async function orderInvite(
  db: DbOrTx,
  orderId: string,
  d: InviteDeps,
): Promise<MailAttachment | null> {
  const o = await loadOrderCalendar(db, orderId);
  if (!o) return null;
  const { method, text } = inviteText(o, d);
  return { filename: 'invite.ics', contentType: `text/calendar; method=${method}`, content: text };
}

/** The mail of each kind of change {@link enqueueCalendarMail} sends. */
const CALENDAR_MAILS = {
  accepted: msg.bookingAcceptedMail,
  reschedule_confirmed: msg.rescheduleConfirmedMail,
  cancelled: msg.bookingCancelledMail,
} as const;

/**
 * Queues, in `db` (the change's transaction), the customer's mail that carries order
 * `orderId`'s updated invite: `accepted` (the pro accepted: the event is now CONFIRMED),
 * `reschedule_confirmed` (the pro kept the new time) or `cancelled` (the booking is off). Keyed by order and SEQUENCE, so one change mails once.
 * Nothing is queued for an unknown order.
 */
export async function enqueueCalendarMail(
  db: DbOrTx,
  orderId: string,
  kind: 'accepted' | 'reschedule_confirmed' | 'cancelled',
  d: InviteDeps,
): Promise<void> {
  const o = await loadOrderCalendar(db, orderId);
  if (!o) return;
  const { method, text } = inviteText(o, d);
  const facts: msg.CalendarMailFacts = {
    to: o.customerEmail,
    customerName: o.customerName,
    businessName: o.businessName,
    serviceTitle: o.serviceTitle,
    when: formatWhenZoned(o.startsAt, o.timeZone),
    orderUrl: absolute(d.config.publicUrl, customerOrderLink(o.id)),
    invite: {
      filename: 'invite.ics',
      contentType: `text/calendar; method=${method}`,
      content: text,
    },
  };
  const mail = CALENDAR_MAILS[kind](facts);
  await enqueueMail(db, mail, `order:${o.id}:calendar:${policy.sequenceOf(o.eventCount)}`);
}
