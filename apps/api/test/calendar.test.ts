import type { AddressInfo } from 'node:net';
import ICAL from 'ical.js';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  availableSlots,
  bearer,
  book,
  createCustomer,
  createVendor,
  pay,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/*
 * Calendars through HTTP on a real database, read back with a second, independent library
 * (ical.js): the invite of the receipt, of a confirmed new time and of a cancellation (mailed
 * over a real SMTP server on loopback, so the attachment is the one nodemailer sent), an order's
 * "Add to calendar" file, and a pro's private feed with its rotation.
 */

interface Received {
  to: string[];
  raw: string;
}

const received: Received[] = [];
let server: SMTPServer;
let ctx: TestContext;
let vendor: TestVendor;
let otherVendor: TestVendor;

const ZONE = 'America/Los_Angeles';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  ctx = await createTestContext({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Vetted <bookings@vetted.test>',
    publicUrl: 'https://app.vetted.test',
  });
  vendor = await createVendor(ctx, { businessName: 'Lee Plumbing', timeZone: ZONE });
  otherVendor = await createVendor(ctx, { businessName: 'Other Pros', timeZone: ZONE });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

// ─── helpers ─────────────────────────────────────────────────────────────────────────────────

const get = (url: string, token?: string) =>
  ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (token: string, url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/** The decoded body of the `text/calendar` part of a raw mail, and that part's content type. */
function calendarPart(raw: string): { contentType: string; text: string } {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  const part = parts.find((p) => /^Content-Type:\s*text\/calendar/im.test(p));
  if (!part) throw new Error('no text/calendar part');
  const split = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = part
    .slice(split)
    .trim()
    .split(/\r?\n--/)[0]!;
  const contentType = /^Content-Type:\s*([^\r\n]+)/im.exec(headers)![1]!;
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  let text = body;
  if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString();
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
    text = Buffer.from(bytes, 'latin1').toString('utf8');
  }
  expect(headers).toMatch(/filename="?invite\.ics"?/);
  return { contentType, text };
}

/** The mail to `to` whose subject starts with `subject`, delivered once the outbox drains. */
async function mailTo(to: string, subject: string): Promise<string> {
  await ctx.drain();
  const mails = received.filter((m) => m.to.includes(to) && m.raw.includes(`Subject: ${subject}`));
  expect(mails).toHaveLength(1);
  return mails[0]!.raw;
}

/** The calendar of iCalendar `text` read by ical.js, its VTIMEZONEs registered. */
function readCalendar(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  for (const tz of cal.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
  return cal;
}

/** The only VEVENT of `text`, as ical.js reads it, with its calendar's METHOD. */
function readEvent(text: string) {
  const cal = readCalendar(text);
  const events = cal.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const vevent = events[0]!;
  const event = new ICAL.Event(vevent);
  return {
    method: cal.getFirstPropertyValue('method'),
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    tzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    localStart: event.startDate.toString(),
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
    summary: event.summary,
    description: event.description,
    location: event.location,
    organizer: String(vevent.getFirstPropertyValue('organizer')),
    organizerName: vevent.getFirstProperty('organizer')?.getParameter('cn'),
    attendees: vevent.getAllProperties('attendee').map((p) => String(p.getFirstValue())),
  };
}

/** `2027-03-15T09:00:00`: the wall-clock time of `iso` in the vendor's zone. */
function localTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

/** Two free slots of `v` more than two days ahead and a day apart (reschedule needs 24 h). */
async function twoSlots(v: TestVendor) {
  const slots = await availableSlots(ctx, v.serviceId, 6);
  const first = slots.find((s) => Date.parse(s.startsAt) > Date.now() + 50 * HOUR)!;
  const second = slots.find(
    (s) => Date.parse(s.startsAt) >= Date.parse(first.startsAt) + 24 * HOUR,
  )!;
  return [first.startsAt, second.startsAt] as const;
}

/** A paid order of `customer` with `v` at `startsAt`. */
async function paidAt(v: TestVendor, customer: TestUser, startsAt: string) {
  const created = await book(ctx, customer, v.serviceId, startsAt);
  expect(created.statusCode).toBe(201);
  const order = created.json().data as { id: string; startsAt: string; endsAt: string };
  expect((await pay(ctx, customer, order.id)).statusCode).toBe(200);
  return order;
}

// ─── mailed invites ──────────────────────────────────────────────────────────────────────────

describe('the invites of the booking mails', () => {
  it('keeps one UID, grows SEQUENCE and ends with METHOD:CANCEL across receipt, new time and cancellation', async () => {
    const customer = await createCustomer(ctx, 'Ana María López');
    const [first, second] = await twoSlots(vendor);
    const order = await paidAt(vendor, customer, first);

    // The receipt: the time names its zone; the invite is a REQUEST in the vendor's zone.
    const receipt = await mailTo(customer.email, 'Your Vetted receipt');
    expect(receipt).toMatch(/\((America\/Los_Angeles)\)/);
    const r = calendarPart(receipt);
    expect(r.contentType).toMatch(/^text\/calendar; (charset=utf-8; )?method=REQUEST/i);
    const booked = readEvent(r.text);
    expect(booked.method).toBe('REQUEST');
    expect(booked.uid).toBe(`order-${order.id}@app.vetted.test`);
    expect(booked.tzid).toBe(ZONE);
    expect(booked.localStart).toBe(localTime(first));
    expect(booked.start).toBe(new Date(first).toISOString());
    expect(booked.end).toBe(new Date(order.endsAt).toISOString());
    expect(booked.status).toBe('TENTATIVE');
    expect(booked.summary).toBe('Leak repair with Lee Plumbing');
    expect(booked.description).toContain(
      `https://app.vetted.test/user/history/order?id=${order.id}`,
    );
    expect(booked.location).toBe('12 Main Street, New York');
    expect(booked.organizer).toBe('mailto:bookings@vetted.test');
    expect(booked.organizerName).toBe('Lee Plumbing');
    expect(booked.attendees.map((a) => a.toLowerCase())).toEqual([`mailto:${customer.email}`]);

    // The pro accepts; the customer moves the booking; the pro keeps the new time.
    expect(
      (await post(vendor.token, `/v1/orders/${order.id}/transitions`, { action: 'accept' }))
        .statusCode,
    ).toBe(200);
    const moved = await post(customer.token, `/v1/orders/${order.id}/reschedule`, {
      startsAt: second,
    });
    expect(moved.statusCode).toBe(200);
    await ctx.drain();
    // No invite until the pro agrees to the new time.
    expect(received.some((m) => m.raw.includes('Subject: New time confirmed'))).toBe(false);
    expect((await post(vendor.token, `/v1/orders/${order.id}/reschedule/confirm`)).statusCode).toBe(
      200,
    );
    const confirmed = calendarPart(await mailTo(customer.email, 'New time confirmed'));
    const movedEvent = readEvent(confirmed.text);
    expect(movedEvent.method).toBe('REQUEST');
    expect(movedEvent.uid).toBe(booked.uid);
    expect(movedEvent.sequence).toBeGreaterThan(booked.sequence);
    expect(movedEvent.status).toBe('CONFIRMED');
    expect(movedEvent.tzid).toBe(ZONE);
    expect(movedEvent.localStart).toBe(localTime(second));
    expect(movedEvent.start).toBe(new Date(second).toISOString());

    // The customer cancels: the invite withdraws the event.
    expect(
      (await post(customer.token, `/v1/orders/${order.id}/transitions`, { action: 'cancel' }))
        .statusCode,
    ).toBe(200);
    const cancelledMail = await mailTo(customer.email, 'Booking cancelled');
    // Its time names the job's zone, as the receipt's does.
    expect(cancelledMail).toMatch(/\(America\/Los_Angeles\)/);
    const cancelled = calendarPart(cancelledMail);
    expect(cancelled.contentType).toMatch(/method=CANCEL/i);
    const off = readEvent(cancelled.text);
    expect(off.method).toBe('CANCEL');
    expect(off.status).toBe('CANCELLED');
    expect(off.uid).toBe(booked.uid);
    expect(off.sequence).toBeGreaterThan(movedEvent.sequence);
    expect(off.localStart).toBe(localTime(second));
  });

  it('mails the accepted booking with a CONFIRMED invite of the same UID and a higher SEQUENCE', async () => {
    const customer = await createCustomer(ctx, 'Gia Accepted');
    const [first] = await twoSlots(vendor);
    const order = await paidAt(vendor, customer, first);
    const booked = readEvent(
      calendarPart(await mailTo(customer.email, 'Your Vetted receipt')).text,
    );
    expect(booked.status).toBe('TENTATIVE');
    // Nothing is mailed before the pro answers.
    const acceptedMails = () =>
      received.filter(
        (m) => m.to.includes(customer.email) && m.raw.includes('Subject: Booking accepted'),
      );
    expect(acceptedMails()).toHaveLength(0);

    const accepted = await post(vendor.token, `/v1/orders/${order.id}/transitions`, {
      action: 'accept',
    });
    expect(accepted.statusCode).toBe(200);
    const mail = await mailTo(customer.email, 'Booking accepted');
    // Its time names the job's zone, as the receipt's does.
    expect(mail).toMatch(/\(America\/Los_Angeles\)/);
    const part = calendarPart(mail);
    expect(part.contentType).toMatch(/method=REQUEST/i);
    const confirmed = readEvent(part.text);
    expect(confirmed.method).toBe('REQUEST');
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.uid).toBe(booked.uid);
    expect(confirmed.sequence).toBeGreaterThan(booked.sequence);
    expect(confirmed.localStart).toBe(localTime(first));
    // The pro's own copy of the accept is not mailed to them.
    await ctx.drain();
    expect(
      received.filter((m) => m.to.includes(vendor.email) && m.raw.includes('Booking accepted')),
    ).toHaveLength(0);
  });

  it('withdraws the invite of a paid booking the pro declines, and mails none for an unpaid one', async () => {
    const customer = await createCustomer(ctx, 'Ben Okafor');
    const [first, second] = await twoSlots(vendor);
    const order = await paidAt(vendor, customer, first);
    const declined = await post(vendor.token, `/v1/orders/${order.id}/transitions`, {
      action: 'decline',
    });
    expect(declined.statusCode).toBe(200);
    const off = readEvent(calendarPart(await mailTo(customer.email, 'Booking cancelled')).text);
    expect(off.method).toBe('CANCEL');
    expect(off.uid).toBe(`order-${order.id}@app.vetted.test`);

    // Never paid, never sent an invite: nothing to withdraw.
    const unpaid = (await book(ctx, customer, vendor.serviceId, second)).json().data;
    expect(
      (await post(customer.token, `/v1/orders/${unpaid.id}/transitions`, { action: 'cancel' }))
        .statusCode,
    ).toBe(200);
    await ctx.drain();
    const cancelMails = received.filter(
      (m) => m.to.includes(customer.email) && m.raw.includes('Subject: Booking cancelled'),
    );
    expect(cancelMails).toHaveLength(1);
  });
});

// ─── the order's .ics ────────────────────────────────────────────────────────────────────────

describe('GET /v1/orders/{id}/calendar.ics', () => {
  it('answers the event to its customer and its pro, 404 to anyone else and 401 anonymous', async () => {
    const customer = await createCustomer(ctx, 'Cleo Park');
    const [first] = await twoSlots(vendor);
    const order = await paidAt(vendor, customer, first);
    const url = `/v1/orders/${order.id}/calendar.ics`;

    const mine = await get(url, customer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toMatch(/^text\/calendar/);
    expect(mine.headers['cache-control']).toContain('no-store');
    const e = readEvent(mine.body);
    expect(e.method).toBe('PUBLISH');
    expect(e.uid).toBe(`order-${order.id}@app.vetted.test`);
    expect(e.tzid).toBe(ZONE);
    expect(e.localStart).toBe(localTime(first));
    expect(e.summary).toBe('Leak repair with Lee Plumbing');

    const pros = await get(url, vendor.token);
    expect(pros.statusCode).toBe(200);
    const p = readEvent(pros.body);
    expect(p.uid).toBe(e.uid);
    expect(p.summary).toBe('Leak repair for Cleo');
    expect(p.description).toContain(`/vendor/history/order?id=${order.id}`);

    const stranger = await createCustomer(ctx, 'Dan Stranger');
    expect((await get(url, stranger.token)).statusCode).toBe(404);
    expect((await get(url, otherVendor.token)).statusCode).toBe(404);
    expect((await get(url)).statusCode).toBe(401);
    expect(
      (await get(`/v1/orders/${crypto.randomUUID()}/calendar.ics`, customer.token)).statusCode,
    ).toBe(404);
  });
});

// ─── the pro's feed ──────────────────────────────────────────────────────────────────────────

describe("a pro's calendar feed", () => {
  it('lists the pro’s jobs with first names only, and a rotated URL answers 404 at once', async () => {
    const customer = await createCustomer(ctx, 'Eva Marie Quist');
    const [first] = await twoSlots(vendor);
    const order = await paidAt(vendor, customer, first);
    const othersCustomer = await createCustomer(ctx, 'Finn Other');
    const [otherSlot] = await twoSlots(otherVendor);
    const othersOrder = await paidAt(otherVendor, othersCustomer, otherSlot);

    const made = await get('/v1/vendor/calendar-feed', vendor.token);
    expect(made.statusCode).toBe(200);
    const { url } = made.json().data as { url: string };
    expect(url).toMatch(/^https:\/\/app\.vetted\.test\/v1\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    // The same URL on every later call.
    expect((await get('/v1/vendor/calendar-feed', vendor.token)).json().data.url).toBe(url);

    const path = new URL(url).pathname;
    const feed = await get(path);
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const cal = readCalendar(feed.body);
    expect(cal.getFirstPropertyValue('method')).toBe('PUBLISH');
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const job = events.find((ev) => ev.uid === `order-${order.id}@app.vetted.test`);
    expect(job).toBeDefined();
    expect(job!.summary).toBe('Leak repair for Eva');
    expect(job!.location).toBe('12 Main Street, New York');
    expect(job!.description).toContain(`/vendor/history/order?id=${order.id}`);
    expect(job!.startDate.toJSDate().toISOString()).toBe(new Date(first).toISOString());
    // First names only; nothing of another pro's.
    expect(feed.body).not.toContain('Quist');
    expect(feed.body).not.toContain(customer.email);
    expect(feed.body).not.toMatch(/ATTENDEE/);
    expect(events.some((ev) => ev.uid.includes(othersOrder.id))).toBe(false);

    // The window follows the domain clock: 29 days after the job it is listed, 31 days after not.
    const listed = async () => (await get(path)).body.includes(`order-${order.id}@`);
    const clock = vi.spyOn(ctx.app.clock, 'now');
    clock.mockReturnValue(new Date(Date.parse(first) + 29 * DAY));
    expect(await listed()).toBe(true);
    clock.mockReturnValue(new Date(Date.parse(first) + 31 * DAY));
    expect(await listed()).toBe(false);
    clock.mockRestore();

    const rotated = await post(vendor.token, '/v1/vendor/calendar-feed/rotate');
    expect(rotated.statusCode).toBe(200);
    const newUrl = rotated.json().data.url as string;
    expect(newUrl).not.toBe(url);
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(new URL(newUrl).pathname)).statusCode).toBe(200);
    expect((await get('/v1/vendor/calendar-feed', vendor.token)).json().data.url).toBe(newUrl);
  });

  it('keeps the feed endpoints to pros: 401 anonymous, 403 for a customer, 404 for an unknown token', async () => {
    const customer = await createCustomer(ctx);
    expect((await get('/v1/vendor/calendar-feed')).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/v1/vendor/calendar-feed/rotate' })).statusCode,
    ).toBe(401);
    expect((await get('/v1/vendor/calendar-feed', customer.token)).statusCode).toBe(403);
    expect((await post(customer.token, '/v1/vendor/calendar-feed/rotate')).statusCode).toBe(403);
    expect((await get(`/v1/calendar/${'A'.repeat(43)}.ics`)).statusCode).toBe(404);
    expect((await get('/v1/calendar/short.ics')).statusCode).toBe(404);
    // Each pro has their own feed.
    const mine = (await get('/v1/vendor/calendar-feed', vendor.token)).json().data.url;
    const theirs = (await get('/v1/vendor/calendar-feed', otherVendor.token)).json().data.url;
    expect(theirs).not.toBe(mine);
  });
});
