/**
 * Drizzle queries of the scheduling domain (ARCHITECTURE §1a): what the slot picker and booking
 * read of a service's time — its vendor's opening hours and exceptions, and the orders, held
 * waitlist offers and imported busy times (busy_times, written by busy-repository.ts) that take
 * it — and the lock that serialises changes to it. Each takes `db` or a transaction. It reads the
 * orders' and the waitlist's rows (never writes them): every slot computation must see them, in
 * the one query the slot picker's budget allows.
 */
import { and, eq, gt, gte, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  availabilityExceptions,
  availabilityRules,
  busyTimes,
  orders,
  services,
  vendorCalendarVersions,
  waitlistEntries,
} from '../../db/schema';
import { isBookableService, vp } from '../catalogue';
import { minutesOfTime } from './calendar';
import type { Interval, MinuteRange, WeeklyRule } from './grid';
import { type LapsingInterval, LIVE_STATUSES } from './policy';

/**
 * The condition "this order occupies the vendor's time in `range` at `now`": a live order, or an
 * unpaid one whose hold has not expired, overlapping `range` (half-open). `vendorId` is the
 * vendor's id or a column (a correlated subquery); `excludeOrderId` leaves one order out.
 */
function blockingOrderCondition(
  vendorId: string | AnyPgColumn,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
): SQL {
  const conditions = [
    eq(orders.vendorId, vendorId),
    lt(orders.startsAt, range.endsAt),
    gt(orders.endsAt, range.startsAt),
    or(
      inArray(orders.status, [...LIVE_STATUSES]),
      and(eq(orders.status, 'pending_payment'), gt(orders.holdExpiresAt, now)),
    ),
  ];
  if (excludeOrderId) conditions.push(ne(orders.id, excludeOrderId));
  return and(...conditions)!;
}

/**
 * The condition "this imported busy time (busy_times, the pro's other calendars) overlaps
 * `range`": it blocks slots like an order does, the vendor's buffer after it included.
 */
function busyTimeCondition(vendorId: string | AnyPgColumn, range: Interval): SQL {
  return and(
    eq(busyTimes.vendorId, vendorId),
    lt(busyTimes.startsAt, range.endsAt),
    gt(busyTimes.endsAt, range.startsAt),
  )!;
}

const offeredService = alias(services, 'offered_service');
/** End of an offered slot: its start plus the offered service's duration. */
const offerEnds = sql`(${waitlistEntries.offeredStartsAt} + make_interval(mins => ${offeredService.durationMinutes}))`;

/**
 * The condition "this waitlist offer holds the vendor's time in `range` at `now`": an
 * entry `offered` for a service of the vendor whose hold (`offer_expires_at`) has not passed, its
 * slot overlapping `range`. `exceptCustomerId`: the customer the slot is held for (no obstacle to
 * them). Reads the waitlist's table directly: the smallest way to make every slot computation
 * see offers, as agreed (the waitlist domain owns the rows).
 */
function heldOfferCondition(
  vendorId: string | AnyPgColumn,
  range: Interval,
  now: Date,
  exceptCustomerId?: string,
): SQL {
  const conditions = [
    eq(offeredService.vendorId, vendorId),
    eq(waitlistEntries.status, 'offered'),
    gt(waitlistEntries.offerExpiresAt, now),
    lt(waitlistEntries.offeredStartsAt, range.endsAt),
    sql`${offerEnds} > ${range.startsAt.toISOString()}::timestamptz`,
  ];
  if (exceptCustomerId) conditions.push(ne(waitlistEntries.customerId, exceptCustomerId));
  return and(...conditions)!;
}

/**
 * Time of the vendor taken in [from, to) at `now`: live orders, unpaid ones whose hold has not
 * expired, slots held for a waitlisted customer, and busy times imported from the vendor's other
 * calendars. `excludeOrderId` leaves one order
 * out (the one being paid or moved); `exceptOfferOf` leaves out the offers held for that customer
 * (they may book what is held for them).
 */
export async function blockingOrders(
  db: DbOrTx,
  vendorId: string,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
  exceptOfferOf?: string,
): Promise<Interval[]> {
  // One query (the slot picker's budget): orders, held offers and busy times as epoch ms.
  const rows = await db
    .select({
      startsAt: sql<number>`extract(epoch from ${orders.startsAt}) * 1000`.as('starts_ms'),
      endsAt: sql<number>`extract(epoch from ${orders.endsAt}) * 1000`.as('ends_ms'),
    })
    .from(orders)
    .where(blockingOrderCondition(vendorId, range, now, excludeOrderId))
    .unionAll(
      db
        .select({
          startsAt: sql<number>`extract(epoch from ${waitlistEntries.offeredStartsAt}) * 1000`.as(
            'starts_ms',
          ),
          endsAt: sql<number>`extract(epoch from ${offerEnds}) * 1000`.as('ends_ms'),
        })
        .from(waitlistEntries)
        .innerJoin(offeredService, eq(offeredService.id, waitlistEntries.serviceId))
        .where(heldOfferCondition(vendorId, range, now, exceptOfferOf)),
    )
    .unionAll(
      db
        .select({
          startsAt: sql<number>`extract(epoch from ${busyTimes.startsAt}) * 1000`.as('starts_ms'),
          endsAt: sql<number>`extract(epoch from ${busyTimes.endsAt}) * 1000`.as('ends_ms'),
        })
        .from(busyTimes)
        .where(busyTimeCondition(vendorId, range)),
    );
  return rows.map((r) => ({
    startsAt: new Date(Number(r.startsAt)),
    endsAt: new Date(Number(r.endsAt)),
  }));
}

/** Everything the slot picker of one service needs, see {@link slotSource}. */
export interface SlotSource {
  vendorId: string;
  durationMinutes: number;
  /** IANA zone of the vendor's opening hours. */
  timeZone: string;
  /** Weekly opening hours, by weekday then start. */
  rules: WeeklyRule[];
  /** Dated exceptions from a week before `now` on: local date → ranges (none: closed). */
  exceptions: Map<string, MinuteRange[]>;
  /** Minutes between now and the earliest bookable start. */
  minNoticeMinutes: number;
  /** Minutes kept free after each booking. */
  bufferMinutes: number;
  /** Days after the vendor's today that slots are offered. */
  horizonDays: number;
  /**
   * Time taken by orders in the range asked for (see {@link blockingOrders}), with when an
   * unpaid hold or a held offer lapses.
   */
  blocking: LapsingInterval[];
  /**
   * The vendor's calendar version read with the rest (`vendor_calendar_versions`; null: no row
   * yet); only {@link slotSource} reads it.
   */
  calendarVersion?: number | null;
}

/**
 * Exceptions older than this many days before `now` are not read: the slot picker starts at
 * most `SLOT_WINDOW_PAST_DAYS` (7) back, plus a day for the widest zone offset.
 */
const EXCEPTIONS_PAST_DAYS = 8;

/**
 * The correlated subqueries of {@link slotSource}, each one JSON array over the service's vendor:
 * exceptions from a week before `now`, weekly rules, blocking orders and held offers in `range`.
 */
function scheduleParts(
  db: DbOrTx,
  range: Interval,
  now: Date,
  opts: { excludeOrderId?: string; exceptOfferOf?: string },
  vendorId: AnyPgColumn = services.vendorId,
) {
  const exceptionsFrom = new Date(now.getTime() - EXCEPTIONS_PAST_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const exceptions = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(${availabilityExceptions.date}, ${availabilityExceptions.ranges}) order by ${availabilityExceptions.date}), '[]'::json)`,
    })
    .from(availabilityExceptions)
    .where(
      and(
        eq(availabilityExceptions.vendorId, vendorId),
        gte(availabilityExceptions.date, exceptionsFrom),
      ),
    );
  const rules = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(${availabilityRules.weekday}, ${availabilityRules.startMinute}, ${availabilityRules.endMinute}) order by ${availabilityRules.weekday}, ${availabilityRules.startMinute}), '[]'::json)`,
    })
    .from(availabilityRules)
    .where(eq(availabilityRules.vendorId, vendorId));
  const blocking = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(extract(epoch from ${orders.startsAt}) * 1000, extract(epoch from ${orders.endsAt}) * 1000, case when ${orders.status} = 'pending_payment' then extract(epoch from ${orders.holdExpiresAt}) * 1000 end)), '[]'::json)`,
    })
    .from(orders)
    .where(blockingOrderCondition(vendorId, range, now, opts.excludeOrderId));
  // Slots held for a waitlisted customer are taken for everyone else.
  const held = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(extract(epoch from ${waitlistEntries.offeredStartsAt}) * 1000, extract(epoch from ${offerEnds}) * 1000, extract(epoch from ${waitlistEntries.offerExpiresAt}) * 1000)), '[]'::json)`,
    })
    .from(waitlistEntries)
    .innerJoin(offeredService, eq(offeredService.id, waitlistEntries.serviceId))
    .where(heldOfferCondition(vendorId, range, now, opts.exceptOfferOf));
  // The pro's imported busy times (other calendars) block like orders.
  const busy = db
    .select({
      json: sql`coalesce(json_agg(json_build_array(extract(epoch from ${busyTimes.startsAt}) * 1000, extract(epoch from ${busyTimes.endsAt}) * 1000)), '[]'::json)`,
    })
    .from(busyTimes)
    .where(busyTimeCondition(vendorId, range));
  return { exceptions, rules, blocking, held, busy };
}

/** The row {@link slotSource} reads, JSON arrays as PostgreSQL gives them. */
interface SlotSourceRow {
  vendorId: string;
  durationMinutes: number;
  timeZone: string;
  minNoticeMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
  rules: Array<[number, number, number]>;
  exceptions: Array<[string, Array<{ start: string; end: string }>]>;
  /** `[starts, ends, lapses]` epoch ms; `lapses` null or absent for what blocks for good. */
  blocking: Array<BlockingTuple>;
  held: Array<BlockingTuple>;
  busy: Array<BlockingTuple>;
  calendarVersion?: number | string | null;
}

type BlockingTuple = [number | string, number | string, (number | string | null)?];

/** {@link SlotSource} of its row: rules and exceptions as minute ranges, times as `Date`s. */
function toSlotSource(row: SlotSourceRow): SlotSource {
  return {
    vendorId: row.vendorId,
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    minNoticeMinutes: row.minNoticeMinutes,
    bufferMinutes: row.bufferMinutes,
    horizonDays: row.horizonDays,
    rules: row.rules.map(([weekday, startMinute, endMinute]) => ({
      weekday,
      startMinute,
      endMinute,
    })),
    exceptions: new Map(
      row.exceptions.map(([date, ranges]) => [
        date,
        ranges.map((r) => ({
          startMinute: minutesOfTime(r.start),
          endMinute: minutesOfTime(r.end),
        })),
      ]),
    ),
    // json numbers; `extract` gives numeric, which PostgreSQL writes as a JSON number.
    blocking: [...row.blocking, ...row.held, ...row.busy].map(([startsAt, endsAt, lapses]) => ({
      startsAt: new Date(Number(startsAt)),
      endsAt: new Date(Number(endsAt)),
      ...(lapses == null ? {} : { lapsesAt: Number(lapses) }),
    })),
    ...(row.calendarVersion === undefined
      ? {}
      : { calendarVersion: row.calendarVersion === null ? null : Number(row.calendarVersion) }),
  };
}

/**
 * The slot picker's input for an active service of an approved vendor in ONE query:
 * the service's duration and zone, the vendor's opening hours, exceptions and booking rules
 *, and the orders and held offers blocking its time in `range` at `now` — aggregated
 * to JSON (times as epoch milliseconds). Null when the service is not bookable. Booking reads the
 * same (catalogue `checkSlot`), leaving out `excludeOrderId` (an order being moved) and the
 * offers held for `exceptOfferOf`.
 */
export async function slotSource(
  db: DbOrTx,
  serviceId: string,
  range: Interval,
  now: Date,
  opts: { excludeOrderId?: string; exceptOfferOf?: string } = {},
): Promise<SlotSource | null> {
  const { exceptions, rules, blocking, held, busy } = scheduleParts(db, range, now, opts);
  const [row] = await db
    .select({
      vendorId: services.vendorId,
      durationMinutes: services.durationMinutes,
      timeZone: vp.timeZone,
      minNoticeMinutes: vp.minNoticeMinutes,
      bufferMinutes: vp.bufferMinutes,
      horizonDays: vp.horizonDays,
      rules: sql<Array<[number, number, number]>>`(${rules})`,
      exceptions: sql<Array<[string, Array<{ start: string; end: string }>]>>`(${exceptions})`,
      blocking: sql<Array<[number | string, number | string]>>`(${blocking})`,
      held: sql<Array<[number | string, number | string]>>`(${held})`,
      busy: sql<Array<[number | string, number | string]>>`(${busy})`,
      // In the same statement, so the version and what it versions are one snapshot.
      calendarVersion: sql<
        number | string | null
      >`(select ${vendorCalendarVersions.version} from ${vendorCalendarVersions} where ${vendorCalendarVersions.vendorId} = ${services.vendorId})`,
    })
    .from(services)
    .innerJoin(vp, eq(vp.id, services.vendorId))
    .where(and(eq(services.id, serviceId), isBookableService));
  return row ? toSlotSource(row) : null;
}

/**
 * {@link slotSource} of a vendor rather than a service: a job of `durationMinutes` on the
 * vendor's hours (a quoted job, whose duration the pro sets in the quote). Null when the vendor
 * does not exist.
 */
export async function vendorSlotSource(
  db: DbOrTx,
  vendorId: string,
  durationMinutes: number,
  range: Interval,
  now: Date,
): Promise<SlotSource | null> {
  const { exceptions, rules, blocking, held, busy } = scheduleParts(db, range, now, {}, vp.id);
  const [row] = await db
    .select({
      vendorId: vp.id,
      timeZone: vp.timeZone,
      minNoticeMinutes: vp.minNoticeMinutes,
      bufferMinutes: vp.bufferMinutes,
      horizonDays: vp.horizonDays,
      rules: sql<Array<[number, number, number]>>`(${rules})`,
      exceptions: sql<Array<[string, Array<{ start: string; end: string }>]>>`(${exceptions})`,
      blocking: sql<Array<[number | string, number | string]>>`(${blocking})`,
      held: sql<Array<[number | string, number | string]>>`(${held})`,
      busy: sql<Array<[number | string, number | string]>>`(${busy})`,
    })
    .from(vp)
    .where(eq(vp.id, vendorId));
  return row ? toSlotSource({ ...row, durationMinutes }) : null;
}

/**
 * Replaces the vendor's weekly opening ranges (minutes from the local midnight) and its dated
 * exceptions (`YYYY-MM-DD`, ranges `HH:MM`; none = closed that day) with the given ones, in the
 * caller's transaction (the listing editor, after `lockVendorTime`).
 */
export async function replaceAvailability(
  tx: DbOrTx,
  vendorId: string,
  input: {
    weekly: Array<{ id: string; weekday: number; startMinute: number; endMinute: number }>;
    exceptions: Array<{ id: string; date: string; ranges: Array<{ start: string; end: string }> }>;
  },
): Promise<void> {
  await tx.delete(availabilityRules).where(eq(availabilityRules.vendorId, vendorId));
  await tx.delete(availabilityExceptions).where(eq(availabilityExceptions.vendorId, vendorId));
  if (input.weekly.length > 0) {
    await tx.insert(availabilityRules).values(input.weekly.map((r) => ({ ...r, vendorId })));
  }
  if (input.exceptions.length > 0) {
    await tx
      .insert(availabilityExceptions)
      .values(input.exceptions.map((e) => ({ ...e, vendorId })));
  }
}
