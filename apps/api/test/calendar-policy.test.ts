import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { writeCalendar } from '../src/domains/calendar/ics';
import * as policy from '../src/domains/calendar/policy';
import { vtimezone } from '../src/domains/calendar/vtimezone';
import { formatWhenZoned } from '../src/shared/time';

/** The events of iCalendar `text` as ical.js reads them, its VTIMEZONEs registered. */
function eventsOf(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

const event = (uid: string, startsAt: string, hours = 1) => ({
  uid,
  sequence: 0,
  startsAt: new Date(startsAt),
  endsAt: new Date(Date.parse(startsAt) + hours * 3_600_000),
  status: 'CONFIRMED' as const,
  summary: 'Leak repair with Lee Plumbing',
  description: 'Your Vetted booking: https://app.vetted.test/user/history/order?id=1',
  location: '12 Main Street',
  url: 'https://app.vetted.test/user/history/order?id=1',
});

describe('calendar policy', () => {
  it.each([
    ['pending_payment', 'REQUEST', 'TENTATIVE'],
    ['paid', 'REQUEST', 'TENTATIVE'],
    ['accepted', 'REQUEST', 'CONFIRMED'],
    ['in_progress', 'REQUEST', 'CONFIRMED'],
    ['completed', 'REQUEST', 'CONFIRMED'],
    ['cancelled', 'CANCEL', 'CANCELLED'],
    ['declined', 'CANCEL', 'CANCELLED'],
    ['refunded', 'CANCEL', 'CANCELLED'],
  ] as const)('an order %s is a %s of a %s event', (status, method, eventStatus) => {
    expect(policy.inviteMethod(status)).toBe(method);
    expect(policy.eventStatus(status)).toBe(eventStatus);
  });

  it('numbers revisions from the booking’s first event, never below 0', () => {
    expect(policy.sequenceOf(0)).toBe(0);
    expect(policy.sequenceOf(1)).toBe(0);
    expect(policy.sequenceOf(4)).toBe(3);
  });

  it('builds the UID from the public host and reads the sender’s address', () => {
    expect(policy.orderUid('abc', 'https://vetted.example:8443/app')).toBe(
      'order-abc@vetted.example',
    );
    expect(policy.orderUid('abc', 'not a url')).toBe('order-abc@vetted.local');
    expect(policy.addressOf('Vetted <no-reply@vetted.test>')).toBe('no-reply@vetted.test');
    expect(policy.addressOf('bookings@vetted.test')).toBe('bookings@vetted.test');
  });

  it('accepts only 43 base64url characters as a feed token', () => {
    expect(policy.isFeedTokenShape('a'.repeat(43))).toBe(true);
    expect(policy.isFeedTokenShape(`${'a'.repeat(42)}-`)).toBe(true);
    expect(policy.isFeedTokenShape('a'.repeat(42))).toBe(false);
    expect(policy.isFeedTokenShape(`${'a'.repeat(42)}.`)).toBe(false);
  });

  it('covers 30 days back and 180 ahead', () => {
    const now = new Date('2027-01-10T12:00:00Z');
    const w = policy.feedWindow(now);
    expect(w.from.toISOString()).toBe('2026-12-11T12:00:00.000Z');
    expect(w.to.toISOString()).toBe('2027-07-09T12:00:00.000Z');
  });
});

describe('the time zone of written events', () => {
  it('keeps 09:00 local on both sides of the 2027-03-14 US DST change', () => {
    const text = writeCalendar({
      method: 'PUBLISH',
      timeZone: 'America/Los_Angeles',
      stamp: new Date('2027-03-01T00:00:00Z'),
      // 09:00 PST (UTC-8) on Friday, 09:00 PDT (UTC-7) on Monday.
      events: [event('before', '2027-03-12T17:00:00Z'), event('after', '2027-03-15T16:00:00Z')],
    });
    expect(text).toContain('DTSTART;TZID=America/Los_Angeles:20270312T090000');
    expect(text).toContain('DTSTART;TZID=America/Los_Angeles:20270315T090000');
    expect(text).toMatch(/DTSTAMP:20270301T000000Z/);
    const [before, after] = eventsOf(text);
    expect(before!.startDate.toJSDate().toISOString()).toBe('2027-03-12T17:00:00.000Z');
    expect(after!.startDate.toJSDate().toISOString()).toBe('2027-03-15T16:00:00.000Z');
    expect(after!.endDate.toJSDate().toISOString()).toBe('2027-03-15T17:00:00.000Z');
  });

  it('writes the transition in the offset it leaves, and one observance for a zone without DST', () => {
    const ny = vtimezone(
      'America/New_York',
      new Date('2027-06-01T00:00:00Z'),
      new Date('2027-06-02T00:00:00Z'),
    );
    expect(ny).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400',
    );
    expect(ny).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20271107T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500',
    );
    const tokyo = vtimezone('Asia/Tokyo', new Date('2027-06-01Z'), new Date('2027-06-02Z'));
    expect(tokyo.match(/BEGIN:STANDARD/g)).toHaveLength(1);
    expect(tokyo).toContain('TZOFFSETFROM:+0900\r\nTZOFFSETTO:+0900');
    expect(tokyo).not.toContain('DAYLIGHT');
  });

  it('names the zone in mailed times', () => {
    expect(formatWhenZoned(new Date('2027-01-15T14:00:00Z'), 'America/New_York')).toBe(
      'Fri, Jan 15, 9:00 AM EST (America/New_York)',
    );
    expect(formatWhenZoned(new Date('2027-07-15T13:00:00Z'), 'America/New_York')).toBe(
      'Thu, Jul 15, 9:00 AM EDT (America/New_York)',
    );
    expect(formatWhenZoned(new Date('2027-07-15T09:00:00Z'), 'UTC')).toBe(
      'Thu, Jul 15, 9:00 AM UTC',
    );
  });
});
