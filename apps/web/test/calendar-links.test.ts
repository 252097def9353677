import { afterEach, describe, expect, it } from 'vitest';
import {
  type CalendarOrder,
  calendarFileName,
  googleCalendarUrl,
  isLiveBooking,
} from '../src/features/orders/calendar-links';

const ORDER_URL =
  'https://vetted.example/user/history/order?id=00000000-0000-4000-8000-000000000500';

/** A two-hour job in New York on the night clocks go forward (2027-03-14, 02:00 EST → 03:00 EDT). */
const springForward: CalendarOrder = {
  reference: 'VT-7K2P9Q',
  service: {
    id: '00000000-0000-4000-8000-000000000100',
    title: 'Leak repair',
    durationMinutes: 120,
  },
  vendor: {
    id: '00000000-0000-4000-8000-000000000200',
    businessName: 'Demo Plumbing Co',
    timeZone: 'America/New_York',
  },
  // 01:00 EST, ends 04:00 EDT: two hours of real time, three on the wall clock.
  startsAt: '2027-03-14T06:00:00.000Z',
  endsAt: '2027-03-14T08:00:00.000Z',
  address: '12 Main St, Apt 3 & 4, Boston, MA',
};

/** A one-hour job in Los Angeles on the night clocks go back (2026-11-01, 02:00 PDT → 01:00 PST). */
const fallBack: CalendarOrder = {
  ...springForward,
  vendor: { ...springForward.vendor, timeZone: 'America/Los_Angeles' },
  // 01:30 PDT, ends 01:30 PST: one hour of real time, none on the wall clock.
  startsAt: '2026-11-01T08:30:00.000Z',
  endsAt: '2026-11-01T09:30:00.000Z',
};

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

const paramsOf = (url: string) => new URL(url).searchParams;

describe('googleCalendarUrl', () => {
  it('opens Google Calendar’s new-event form with the booking filled in', () => {
    const url = googleCalendarUrl(springForward, ORDER_URL);
    expect(url.startsWith('https://calendar.google.com/calendar/render?')).toBe(true);
    const params = paramsOf(url);
    expect(params.get('action')).toBe('TEMPLATE');
    expect(params.get('text')).toBe('Leak repair · Demo Plumbing Co');
    expect(params.get('location')).toBe('12 Main St, Apt 3 & 4, Boston, MA');
    expect(params.get('details')).toBe(`Vetted booking VT-7K2P9Q\n${ORDER_URL}`);
    expect(params.get('ctz')).toBe('America/New_York');
  });

  it('encodes what would break the query (&, ?, = in values)', () => {
    const url = googleCalendarUrl(springForward, ORDER_URL);
    // The address's "&" and the order link's "?" and "=" stay inside their parameters.
    expect(url).not.toContain('Apt 3 & 4');
    expect([...paramsOf(url).keys()]).toEqual([
      'action',
      'text',
      'dates',
      'ctz',
      'details',
      'location',
    ]);
  });

  it('gives the slot in UTC across the spring-forward change (2 h real, 01:00 EST → 04:00 EDT)', () => {
    expect(paramsOf(googleCalendarUrl(springForward, ORDER_URL)).get('dates')).toBe(
      '20270314T060000Z/20270314T080000Z',
    );
  });

  it('gives the slot in UTC across the fall-back change (1 h real, 01:30 PDT → 01:30 PST)', () => {
    expect(paramsOf(googleCalendarUrl(fallBack, ORDER_URL)).get('dates')).toBe(
      '20261101T083000Z/20261101T093000Z',
    );
  });

  it.each(['America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'UTC'])(
    'is the same link whatever zone the browser is in (%s)',
    (zone) => {
      process.env.TZ = zone;
      expect(paramsOf(googleCalendarUrl(springForward, ORDER_URL)).get('dates')).toBe(
        '20270314T060000Z/20270314T080000Z',
      );
      expect(paramsOf(googleCalendarUrl(fallBack, ORDER_URL)).get('dates')).toBe(
        '20261101T083000Z/20261101T093000Z',
      );
    },
  );
});

describe('isLiveBooking', () => {
  it('is true for paid, accepted and in-progress bookings only', () => {
    expect(isLiveBooking('paid')).toBe(true);
    expect(isLiveBooking('accepted')).toBe(true);
    expect(isLiveBooking('in_progress')).toBe(true);
    for (const status of [
      'pending_payment',
      'completed',
      'cancelled',
      'declined',
      'refunded',
    ] as const) {
      expect(isLiveBooking(status)).toBe(false);
    }
  });
});

describe('calendarFileName', () => {
  it('names the file after the booking reference', () => {
    expect(calendarFileName('VT-7K2P9Q')).toBe('vetted-VT-7K2P9Q.ics');
  });
});
