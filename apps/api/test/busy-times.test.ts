import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { queueBusyCalendarSyncs } from '../src/domains/scheduling';
import { isNonPublicAddress } from '../src/domains/scheduling/busy-fetch';
import { busyIntervals } from '../src/domains/scheduling/busy-ics';
import {
  bearer,
  book,
  createCustomer,
  createVendor,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * Busy-time import through HTTP on a real database with a fake clock (`Date` faked, which the
 * domain clock, the outbox drain and PGlite read): a pro's calendar served by a local HTTP
 * server in this file, fetched by the `busy-calendar.sync` job; an uploaded `.ics`; a fetch that
 * times out or is too large (error recorded, busy times kept); removal; who may do what.
 */

const ZONE = 'America/New_York';
/** Monday 2027-03-08, 07:00 EST. The US clocks spring forward on Sunday 2027-03-14. */
const NOW = new Date('2027-03-08T12:00:00Z');

/** America/New_York as a VTIMEZONE (US rules since 2007). */
const VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:America/New_York',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:-0500',
  'TZOFFSETTO:-0400',
  'TZNAME:EDT',
  'DTSTART:20070311T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:-0400',
  'TZOFFSETTO:-0500',
  'TZNAME:EST',
  'DTSTART:20071104T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** An iCalendar text of these VEVENT bodies (lines without BEGIN/END:VEVENT). */
function ics(...events: string[][]): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Other Calendar//Test//EN',
    ...VTIMEZONE,
    ...events.flatMap((e) => ['BEGIN:VEVENT', 'DTSTAMP:20270101T000000Z', ...e, 'END:VEVENT']),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/**
 * The pro's other calendar: every Wednesday 10:00–11:30 New York time (across the DST change)
 * except 2027-03-24, plus a Thursday event marked free (`TRANSP:TRANSPARENT`, blocks nothing).
 */
const WEEKLY = ics(
  [
    'UID:weekly-standup@other',
    'SUMMARY:Secret dentist appointment',
    'DTSTART;TZID=America/New_York:20270106T100000',
    'DTEND;TZID=America/New_York:20270106T113000',
    'RRULE:FREQ=WEEKLY;BYDAY=WE',
    'EXDATE;TZID=America/New_York:20270324T100000',
  ],
  [
    'UID:free-thursday@other',
    'DTSTART:20270311T150000Z',
    'DTEND:20270311T160000Z',
    'TRANSP:TRANSPARENT',
  ],
);

/** An uploaded file: one event, Friday 2027-03-12 13:00–14:00 UTC (08:00–09:00 EST). */
const FRIDAY = ics(['UID:friday@upload', 'DTSTART:20270312T130000Z', 'DTEND:20270312T140000Z']);

/** What the local calendar server answers on `/calendar.ics`: the text, or stall, or too much. */
let serving: 'weekly' | 'stall' | 'huge' | 'missing' = 'weekly';
let requests = 0;
const stalled: ServerResponse[] = [];

function answer(req: IncomingMessage, res: ServerResponse) {
  requests++;
  if (req.url === '/moved.ics') {
    res.writeHead(302, { location: '/calendar.ics' }).end();
    return;
  }
  if (serving === 'stall') {
    stalled.push(res);
    return;
  }
  if (serving === 'missing') {
    res.writeHead(404).end();
    return;
  }
  if (serving === 'huge') {
    // 3 MB without a Content-Length: the limit must hold while reading.
    res.writeHead(200, { 'content-type': 'text/calendar' });
    const chunk = Buffer.alloc(64 * 1024, 'X');
    for (let i = 0; i < 48; i++) res.write(chunk);
    res.end();
    return;
  }
  res.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(WEEKLY);
}

let server: Server;
let base: string;
let ctx: TestContext;
let vendor: TestVendor;
let otherVendor: TestVendor;
let customer: TestUser;

beforeAll(async () => {
  server = createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  ctx = await createTestContext({
    calendarImportAllowLocal: true,
    calendarImportTimeoutMs: 500,
    accessTokenTtlS: 400 * 24 * 3600,
  });
  vendor = await createVendor(ctx, { timeZone: ZONE });
  otherVendor = await createVendor(ctx, { timeZone: ZONE });
  customer = await createCustomer(ctx);
});
afterAll(async () => {
  vi.useRealTimers();
  for (const res of stalled) res.destroy();
  await ctx?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// ─── helpers ─────────────────────────────────────────────────────────────────────────────────

const request = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  user?: TestUser,
  payload?: object,
) => ctx.app.inject({ method, url, headers: user ? bearer(user.token) : {}, payload });

/** A multipart upload of `text` as `fileName`, by `user`. */
async function upload(user: TestUser, text: string, fileName = 'busy.ics') {
  const form = new FormData();
  form.append('file', new Blob([text], { type: 'text/calendar' }), fileName);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return ctx.app.inject({
    method: 'POST',
    url: '/v1/vendor/busy-calendars/upload',
    headers: { ...bearer(user.token), 'content-type': req.headers.get('content-type') ?? '' },
    payload: Buffer.from(await req.arrayBuffer()),
  });
}

/** Availability of each slot of the vendor's service, 03-08 to 03-28: start (ISO) → available. */
async function slotMap(): Promise<Map<string, boolean>> {
  const map = new Map<string, boolean>();
  for (const query of ['from=2027-03-08&days=14', 'from=2027-03-22&days=7']) {
    const res = await request('GET', `/v1/services/${vendor.serviceId}/slots?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    const days = res.json().data.days as { slots: { startsAt: string; available: boolean }[] }[];
    for (const s of days.flatMap((d) => d.slots)) map.set(s.startsAt, s.available);
  }
  return map;
}

/** The vendor's calendars as the API lists them. */
async function calendars(user: TestUser = vendor) {
  const res = await request('GET', '/v1/vendor/busy-calendars', user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: string;
    source: string;
    label: string;
    busyCount: number;
    lastFetchedAt: string | null;
    lastSyncedAt: string | null;
    lastError: string | null;
  }[];
}

/** The 15-minute refetch, `minutes` later than the last one, delivered. */
async function refetchAfter(minutes: number) {
  vi.setSystemTime(new Date(Date.now() + minutes * 60_000));
  const queued = await queueBusyCalendarSyncs({
    db: ctx.app.db,
    clock: ctx.app.clock,
    config: ctx.config,
  });
  await ctx.drain();
  return queued;
}

// Wednesdays 10:00 and 11:00 New York time, before and after the DST change, and their neighbours.
const WED_10_EST = '2027-03-10T15:00:00.000Z';
const WED_11_EST = '2027-03-10T16:00:00.000Z';
const WED_09_EST = '2027-03-10T14:00:00.000Z';
const WED_12_EST = '2027-03-10T17:00:00.000Z';
const WED_10_EDT = '2027-03-17T14:00:00.000Z';
const WED_11_EDT = '2027-03-17T15:00:00.000Z';
const WED_12_EDT = '2027-03-17T16:00:00.000Z';
const EXDATE_10_EDT = '2027-03-24T14:00:00.000Z';
const FREE_THU = '2027-03-11T15:00:00.000Z';
const FRI_08_EST = '2027-03-12T13:00:00.000Z';

describe('reading busy time (ical.js)', () => {
  it('expands a weekly event in its own zone across DST, skipping EXDATE and free events', () => {
    const busy = busyIntervals(WEEKLY, {
      from: NOW,
      to: new Date('2027-04-01T00:00:00Z'),
      timeZone: ZONE,
    });
    expect(busy.map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString()])).toEqual([
      [WED_10_EST, '2027-03-10T16:30:00.000Z'],
      [WED_10_EDT, '2027-03-17T15:30:00.000Z'],
      ['2027-03-31T14:00:00.000Z', '2027-03-31T15:30:00.000Z'],
    ]);
  });

  it('reads an all-day event as the whole local day of the pro', () => {
    const text = ics([
      'UID:holiday@other',
      'DTSTART;VALUE=DATE:20270315',
      'DTEND;VALUE=DATE:20270316',
    ]);
    const busy = busyIntervals(text, { from: NOW, to: new Date('2027-04-01'), timeZone: ZONE });
    expect(busy.map((b) => [b.startsAt.toISOString(), b.endsAt.toISOString()])).toEqual([
      ['2027-03-15T04:00:00.000Z', '2027-03-16T04:00:00.000Z'],
    ]);
  });

  it('refuses text that is not iCalendar', () => {
    expect(() => busyIntervals('hello', { from: NOW, to: NOW, timeZone: ZONE })).toThrow(
      'This is not an iCalendar (.ics) file',
    );
  });

  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['169.254.169.254', true],
    ['192.168.0.10', true],
    ['::1', true],
    ['fd00::1', true],
    ['::ffff:127.0.0.1', true],
    ['93.184.215.14', false],
    ['2606:4700::1111', false],
  ])('%s is not public: %s', (address, expected) => {
    expect(isNonPublicAddress(address)).toBe(expected);
  });
});

describe('busy-time import', () => {
  let weeklyId: string;

  it('fetches an added address through the job: its weekly event blocks the slots it covers', async () => {
    const before = await slotMap();
    expect(before.get(WED_10_EST)).toBe(true);
    expect(before.get(WED_10_EDT)).toBe(true);

    const added = await request('POST', '/v1/vendor/busy-calendars', vendor, {
      url: `${base}/moved.ics`,
    });
    expect(added.statusCode, added.body).toBe(201);
    const calendar = added.json().data;
    weeklyId = calendar.id;
    expect(calendar).toMatchObject({ source: 'url', busyCount: 0, lastFetchedAt: null });
    // The secret address is never shown back: only its host.
    expect(calendar.label).toBe(new URL(base).host);
    expect(JSON.stringify(calendar)).not.toContain('moved.ics');

    await ctx.drain();
    const [listed] = await calendars();
    expect(listed).toMatchObject({
      id: weeklyId,
      lastError: null,
      lastSyncedAt: NOW.toISOString(),
    });
    // Wednesdays 03-10, 03-17 and 03-31 within three weeks of slots, and the rest of the horizon.
    expect(listed!.busyCount).toBeGreaterThan(40);

    const after = await slotMap();
    for (const taken of [WED_10_EST, WED_11_EST, WED_10_EDT, WED_11_EDT]) {
      expect(after.get(taken), taken).toBe(false);
    }
    for (const free of [WED_09_EST, WED_12_EST, WED_12_EDT, EXDATE_10_EDT, FREE_THU]) {
      expect(after.get(free), free).toBe(true);
    }
  });

  it('refuses to book a busy slot (409 slot_taken), and books a free one', async () => {
    const taken = await book(ctx, customer, vendor.serviceId, WED_10_EDT);
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json().error.code).toBe('slot_taken');
    const free = await book(ctx, customer, vendor.serviceId, WED_12_EDT);
    expect(free.statusCode, free.body).toBe(201);
  });

  it('keeps the busy times when a refetch times out, and says why', async () => {
    serving = 'stall';
    expect(await refetchAfter(15)).toBe(1);
    const [listed] = await calendars();
    expect(listed!.lastError).toBe('The calendar did not answer within 1 second');
    expect(listed!.lastSyncedAt).toBe(NOW.toISOString());
    expect(listed!.busyCount).toBeGreaterThan(40);
    expect((await slotMap()).get(WED_10_EDT)).toBe(false);
  });

  it('keeps the busy times when a refetch is too large, and says why', async () => {
    serving = 'huge';
    await refetchAfter(15);
    const [listed] = await calendars();
    expect(listed!.lastError).toBe('The calendar is larger than 2 MB');
    expect(listed!.busyCount).toBeGreaterThan(40);
    expect((await slotMap()).get(WED_10_EDT)).toBe(false);
  });

  it('records an HTTP error, then recovers on the next refetch', async () => {
    serving = 'missing';
    await refetchAfter(15);
    expect((await calendars())[0]!.lastError).toBe('The calendar address answered HTTP 404');
    serving = 'weekly';
    const seen = requests;
    await refetchAfter(15);
    // One redirect, then the calendar.
    expect(requests - seen).toBe(2);
    const [listed] = await calendars();
    expect(listed!.lastError).toBeNull();
    expect(listed!.lastSyncedAt).toBe(new Date(Date.now()).toISOString());
  });

  it('imports an uploaded .ics at once, refusing what is not a calendar', async () => {
    expect((await slotMap()).get(FRI_08_EST)).toBe(true);
    const bad = await upload(vendor, 'just some text', 'notes.txt');
    expect(bad.statusCode, bad.body).toBe(422);
    expect(bad.json().error.code).toBe('calendar_unreadable');

    const res = await upload(vendor, FRIDAY, 'work/friday.ics');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ source: 'upload', label: 'friday.ics', busyCount: 1 });
    expect((await slotMap()).get(FRI_08_EST)).toBe(false);
    expect(await calendars()).toHaveLength(2);
  });

  it('refuses an upload over 1 MB (413) and an upload without a file (400)', async () => {
    const big = await upload(vendor, `${FRIDAY}${'X'.repeat(1024 * 1024)}`);
    expect(big.statusCode, big.body).toBe(413);
    expect(big.json().error.code).toBe('calendar_file_too_large');
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/v1/vendor/busy-calendars/upload',
      headers: bearer(vendor.token),
      payload: {},
    });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error.code).toBe('no_calendar_file');
  });

  it('lets only the calendar’s pro see or remove it', async () => {
    expect((await request('GET', '/v1/vendor/busy-calendars')).statusCode).toBe(401);
    expect((await request('DELETE', `/v1/vendor/busy-calendars/${weeklyId}`)).statusCode).toBe(401);
    const asCustomer = await request('GET', '/v1/vendor/busy-calendars', customer);
    expect(asCustomer.statusCode).toBe(403);
    expect(asCustomer.json().error.code).toBe('vendor_only');
    expect((await upload(customer, FRIDAY)).statusCode).toBe(403);
    expect(
      (await request('POST', '/v1/vendor/busy-calendars', customer, { url: `${base}/x.ics` }))
        .statusCode,
    ).toBe(403);
    expect(await calendars(otherVendor)).toEqual([]);
    const asOther = await request('DELETE', `/v1/vendor/busy-calendars/${weeklyId}`, otherVendor);
    expect(asOther.statusCode).toBe(404);
    expect(asOther.json().error.code).toBe('busy_calendar_not_found');
    expect(await calendars()).toHaveLength(2);
  });

  it('frees the slots again when the calendar is removed', async () => {
    const res = await request('DELETE', `/v1/vendor/busy-calendars/${weeklyId}`, vendor);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((c: { source: string }) => c.source)).toEqual(['upload']);
    const slots = await slotMap();
    expect(slots.get(WED_10_EST)).toBe(true);
    expect(slots.get(WED_11_EDT)).toBe(true);
    // The uploaded calendar still blocks its Friday.
    expect(slots.get(FRI_08_EST)).toBe(false);
    // The refetch has no URL calendar left to queue.
    expect(await refetchAfter(15)).toBe(0);
  });
});

describe('calendar addresses', () => {
  let strict: TestContext;
  let pro: TestVendor;
  beforeAll(async () => {
    strict = await createTestContext({ accessTokenTtlS: 400 * 24 * 3600 });
    pro = await createVendor(strict, { timeZone: ZONE });
  });
  afterAll(async () => strict?.close());

  const add = (url: string) =>
    strict.app.inject({
      method: 'POST',
      url: '/v1/vendor/busy-calendars',
      headers: bearer(pro.token),
      payload: { url },
    });

  it.each([
    ['http://calendar.example/busy.ics', 'calendar_url_not_https'],
    ['https://127.0.0.1/busy.ics', 'calendar_url_not_https'],
    ['https://[::1]/busy.ics', 'calendar_url_not_https'],
    ['https://169.254.169.254/latest', 'calendar_url_not_https'],
    ['ftp://calendar.example/busy.ics', 'validation_error'],
  ])('refuses %s (400 %s)', async (url, code) => {
    const res = await add(url);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe(code);
  });

  it('takes a webcal:// address as https:// and shows only its host', async () => {
    const res = await add('webcal://calendar.example/private-abc123/basic.ics');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.label).toBe('calendar.example');
  });
});
