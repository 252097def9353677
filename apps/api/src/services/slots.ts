import { TZDate } from '@date-fns/tz';
import type { Slots } from '@vetted/contract';
import { and, asc, eq, gt, inArray, lt, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { availabilityRules, orders } from '../db/schema';

/** A slot must start at least this far in the future to be bookable. */
export const LEAD_TIME_MS = 60 * 60 * 1000;
/** How long an unpaid order holds its slot. */
export const HOLD_MS = 15 * 60 * 1000;
/** Order states that occupy the vendor's time for good (mirrors `orders_vendor_slot_live_uq`). */
export const LIVE_STATUSES = ['paid', 'accepted', 'in_progress', 'completed'] as const;

export interface WeeklyRule {
  /** 0 = Sunday … 6 = Saturday, in the vendor's zone. */
  weekday: number;
  startMinute: number;
  endMinute: number;
}

export interface Interval {
  startsAt: Date;
  endsAt: Date;
}

export interface SlotInstant extends Interval {
  available: boolean;
}

/**
 * Slots are laid on a grid: every `step` minutes from the start of each opening-hours window,
 * where step is the service duration rounded up to whole half hours (a 45-minute job gets
 * hourly slots, a 90-minute one 09:00, 10:30, …). A slot must end within the window.
 */
export function slotStepMinutes(durationMinutes: number): number {
  return Math.max(30, Math.ceil(durationMinutes / 30) * 30);
}

/** `YYYY-MM-DD` of `instant` in `timeZone`. */
export function localDateOf(instant: Date, timeZone: string): string {
  const d = new TZDate(instant.getTime(), timeZone);
  return ymd(d.getFullYear(), d.getMonth() + 1, d.getDate());
}

function ymd(y: number, m: number, d: number): string {
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Calendar arithmetic on `YYYY-MM-DD` (no zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return ymd(t.getUTCFullYear(), t.getUTCMonth() + 1, t.getUTCDate());
}

function weekdayOf(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * The grid of one local day: the instants (UTC) of `HH:MM` wall-clock times in `timeZone`,
 * computed by @date-fns/tz so DST changes are handled (a wall time skipped by a spring-forward
 * lands one hour later; a repeated one is taken once).
 */
export function daySlots(
  date: string,
  rules: WeeklyRule[],
  durationMinutes: number,
  timeZone: string,
): Interval[] {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const weekday = weekdayOf(date);
  const step = slotStepMinutes(durationMinutes);
  const seen = new Set<number>();
  const out: Interval[] = [];
  const dayRules = rules
    .filter((r) => r.weekday === weekday)
    .sort((a, b) => a.startMinute - b.startMinute);
  for (const rule of dayRules) {
    for (let min = rule.startMinute; min + durationMinutes <= rule.endMinute; min += step) {
      const start = new TZDate(y, m - 1, d, Math.floor(min / 60), min % 60, timeZone).getTime();
      if (seen.has(start)) continue;
      seen.add(start);
      out.push({ startsAt: new Date(start), endsAt: new Date(start + durationMinutes * 60_000) });
    }
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}

export function overlaps(a: Interval, b: Interval): boolean {
  return a.startsAt.getTime() < b.endsAt.getTime() && b.startsAt.getTime() < a.endsAt.getTime();
}

/** Whether a grid slot can be booked now: far enough ahead and not overlapping a blocking order. */
export function isSlotAvailable(slot: Interval, blocking: Interval[], now: Date): boolean {
  if (slot.startsAt.getTime() < now.getTime() + LEAD_TIME_MS) return false;
  return !blocking.some((b) => overlaps(slot, b));
}

/**
 * Orders of the vendor that occupy time in [from, to): live ones, and unpaid ones whose hold has
 * not expired. `excludeOrderId` leaves one order out (the one being paid).
 */
export async function blockingOrders(
  db: DbOrTx,
  vendorId: string,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
): Promise<Interval[]> {
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
  return db
    .select({ startsAt: orders.startsAt, endsAt: orders.endsAt })
    .from(orders)
    .where(and(...conditions));
}

export async function vendorRules(db: DbOrTx, vendorId: string): Promise<WeeklyRule[]> {
  return db
    .select({
      weekday: availabilityRules.weekday,
      startMinute: availabilityRules.startMinute,
      endMinute: availabilityRules.endMinute,
    })
    .from(availabilityRules)
    .where(eq(availabilityRules.vendorId, vendorId))
    .orderBy(asc(availabilityRules.weekday), asc(availabilityRules.startMinute));
}

export interface SlotService {
  vendorId: string;
  durationMinutes: number;
  timeZone: string;
}

/** `days` local days of slots from `from` (default: today in the vendor's zone). */
export async function computeSlots(
  db: DbOrTx,
  service: SlotService,
  opts: { from?: string; days: number; now?: Date },
): Promise<Slots> {
  const now = opts.now ?? new Date();
  const from = opts.from ?? localDateOf(now, service.timeZone);
  const rules = await vendorRules(db, service.vendorId);
  const days = Array.from({ length: opts.days }, (_, i) => {
    const date = addDays(from, i);
    return { date, slots: daySlots(date, rules, service.durationMinutes, service.timeZone) };
  });
  const all = days.flatMap((d) => d.slots);
  const first = all[0];
  const last = all[all.length - 1];
  const blocking =
    first && last
      ? await blockingOrders(
          db,
          service.vendorId,
          { startsAt: first.startsAt, endsAt: last.endsAt },
          now,
        )
      : [];
  return {
    timeZone: service.timeZone,
    days: days.map((d) => ({
      date: d.date,
      slots: d.slots.map((s) => ({
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        available: isSlotAvailable(s, blocking, now),
      })),
    })),
  };
}

/** The grid slot starting exactly at `startsAt`, or null if that instant is not on the grid. */
export async function findGridSlot(
  db: DbOrTx,
  service: SlotService,
  startsAt: Date,
): Promise<Interval | null> {
  const rules = await vendorRules(db, service.vendorId);
  const date = localDateOf(startsAt, service.timeZone);
  const slot = daySlots(date, rules, service.durationMinutes, service.timeZone).find(
    (s) => s.startsAt.getTime() === startsAt.getTime(),
  );
  return slot ?? null;
}
