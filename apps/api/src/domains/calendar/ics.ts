/**
 * iCalendar text (RFC 5545) of Vetted's events, written by `ical-generator`: the invite a
 * booking mail carries, an order's "Add to calendar" file and a pro's feed. Times are written in
 * the job's zone (`DTSTART;TZID=<vendor's IANA zone>:<local time>`) with its VTIMEZONE.
 */
import { TZDate } from '@date-fns/tz';
import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator';
import { vtimezone } from './vtimezone';

/** One VEVENT. */
export interface IcsEvent {
  /** Stable across every version of the event (`policy.orderUid`). */
  uid: string;
  /** Revision (`policy.sequenceOf`): a client keeps the copy with the highest. */
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  summary: string;
  /** Plain text; the order link is in it. */
  description: string;
  /** The job's address. */
  location: string;
  /** The order page (absolute URL). */
  url: string;
  /** Who holds the event: the pro's business, at Vetted's mail address. */
  organizer?: { name: string; email: string };
  /** The customer, invited (`ROLE=REQ-PARTICIPANT`, `PARTSTAT=ACCEPTED`: they booked it). */
  attendee?: { name: string; email: string };
}

/** A calendar of events in one time zone. */
export interface IcsCalendar {
  /**
   * iTIP method (RFC 5546): `REQUEST` / `CANCEL` for a mailed invite, `PUBLISH` for a file or
   * feed read by its owner.
   */
  method: 'REQUEST' | 'CANCEL' | 'PUBLISH';
  /** IANA zone every event is written in (the vendor's). */
  timeZone: string;
  events: IcsEvent[];
  /** `DTSTAMP` of every event: when this text was written (the request's clock). */
  stamp: Date;
  /** Name a subscribing client shows (`X-WR-CALNAME`), for a feed. */
  name?: string;
  /** How often a subscriber should re-read it, in seconds, for a feed. */
  ttlS?: number;
}

const METHODS = {
  REQUEST: ICalCalendarMethod.REQUEST,
  CANCEL: ICalCalendarMethod.CANCEL,
  PUBLISH: ICalCalendarMethod.PUBLISH,
} as const;

const STATUSES = {
  CONFIRMED: ICalEventStatus.CONFIRMED,
  TENTATIVE: ICalEventStatus.TENTATIVE,
  CANCELLED: ICalEventStatus.CANCELLED,
} as const;

/** The iCalendar text of `c` (CRLF lines, folded at 75 octets by ical-generator). */
export function writeCalendar(c: IcsCalendar): string {
  const times = c.events.flatMap((e) => [e.startsAt.getTime(), e.endsAt.getTime()]);
  const from = new Date(times.length ? Math.min(...times) : c.stamp.getTime());
  const to = new Date(times.length ? Math.max(...times) : c.stamp.getTime());
  const cal = ical({
    prodId: { company: 'Vetted', product: 'Vetted bookings', language: 'EN' },
    method: METHODS[c.method],
    name: c.name ?? null,
    ttl: c.ttlS ?? null,
    // No calendar-wide zone name: ical-generator would then write DTSTAMP as wall-clock time
    // without `Z`; each event names its zone, and the generator adds that zone's VTIMEZONE.
    timezone: { name: null, generator: (tz) => vtimezone(tz, from, to) },
  });
  for (const e of c.events) {
    cal.createEvent({
      id: e.uid,
      sequence: e.sequence,
      stamp: c.stamp,
      // TZDate: ical-generator writes its wall-clock time in the zone (a plain Date would be
      // read in the server's own zone).
      start: new TZDate(e.startsAt.getTime(), c.timeZone),
      end: new TZDate(e.endsAt.getTime(), c.timeZone),
      timezone: c.timeZone,
      status: STATUSES[e.status],
      summary: e.summary,
      description: e.description,
      location: e.location,
      url: e.url,
      organizer: e.organizer ?? null,
      attendees: e.attendee
        ? [
            {
              name: e.attendee.name,
              email: e.attendee.email,
              role: ICalAttendeeRole.REQ,
              status: ICalAttendeeStatus.ACCEPTED,
            },
          ]
        : [],
    });
  }
  return cal.toString();
}
