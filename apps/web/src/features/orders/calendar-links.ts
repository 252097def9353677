import type { OrderDetail, OrderStatus } from '@vetted/contract';
import { parseISO } from 'date-fns';

/** Where Google Calendar's "create event" page lives (its `render?action=TEMPLATE` form). */
const GOOGLE_CALENDAR_RENDER = 'https://calendar.google.com/calendar/render';

/** Statuses of a booking that will still happen or is happening: worth a calendar entry. */
const LIVE_STATUSES: readonly OrderStatus[] = ['paid', 'accepted', 'in_progress'];

/**
 * True for a live booking (paid, accepted or in progress), the ones the order page offers "Add to
 * calendar" for: an unpaid one may never happen and a closed one is over.
 */
export function isLiveBooking(status: OrderStatus): boolean {
  return LIVE_STATUSES.includes(status);
}

/** The file name an order's `.ics` is saved under: `vetted-<reference>.ics`. */
export function calendarFileName(reference: string): string {
  return `vetted-${reference}.ics`;
}

/**
 * An instant in the form Google's `dates` parameter takes: UTC in ISO 8601 basic format,
 * `YYYYMMDDTHHmmssZ`. `toISOString` is UTC whatever zone the browser is in, which date-fns'
 * `format` is not (it prints the runtime's local time, and the web has no `@date-fns/tz`), so
 * the text is reshaped from it; no arithmetic on the date.
 */
function googleUtc(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** What {@link googleCalendarUrl} reads of an order. */
export type CalendarOrder = Pick<
  OrderDetail,
  'reference' | 'service' | 'vendor' | 'startsAt' | 'endsAt' | 'address'
>;

/**
 * The Google Calendar link that opens a prefilled new event for `order`
 * (`https://calendar.google.com/calendar/render?action=TEMPLATE&text=…&dates=<start>/<end>&…`):
 * - `text`: "<service title> · <business name>";
 * - `dates`: the booked slot, start and end in UTC (`20270314T060000Z/20270314T080000Z`). The
 *   end is the order's `endsAt`, the end of the booked slot, the same instant the order's `.ics`
 *   carries (the service's `durationMinutes` is its current length, which the pro may have
 *   changed since the booking);
 * - `ctz`: the job's IANA time zone (the pro's), so the event shows in the zone the job is in;
 * - `details`: the booking reference and `orderUrl`, the absolute link to this order's page;
 * - `location`: the job's address.
 * Values are encoded by `URLSearchParams` (spaces as `+`, which Google reads as spaces).
 */
export function googleCalendarUrl(order: CalendarOrder, orderUrl: string): string {
  const start = googleUtc(parseISO(order.startsAt));
  const end = googleUtc(parseISO(order.endsAt));
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: `${order.service.title} · ${order.vendor.businessName}`,
    dates: `${start}/${end}`,
    ctz: order.vendor.timeZone,
    details: `Vetted booking ${order.reference}\n${orderUrl}`,
    location: order.address,
  });
  return `${GOOGLE_CALENDAR_RENDER}?${params.toString()}`;
}
