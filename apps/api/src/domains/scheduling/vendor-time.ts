/**
 * A pro's time for a job whose length the pro sets (a quoted job), rather than a listed
 * service's: the same rules as the slot picker (policy.ts `slotVerdict` / `slotDays`: weekly
 * hours, exceptions, minimum notice, horizon, orders and held offers with the buffer, imported
 * busy times) on the grid of that duration.
 */
import type { DbOrTx } from '../../db/client';
import { localDateOf } from './calendar';
import type { Interval } from './grid';
import { slotDays, slotHorizon, slotVerdict } from './policy';
import { vendorSlotSource } from './repository';
import type { SlotCheckRefusal } from './service';

/**
 * Whether the vendor can start a job of `durationMinutes` at `startsAt` at `now`. Quotes check
 * each offered slot with it; booking an accepted quote re-checks it inside the transaction that
 * holds the vendor's lock. `not_bookable`: no such vendor.
 */
export async function checkVendorTime(
  db: DbOrTx,
  input: { vendorId: string; startsAt: Date; durationMinutes: number; now: Date },
): Promise<
  { ok: true; slot: Interval } | { ok: false; reason: SlotCheckRefusal; horizonDays: number }
> {
  const { startsAt, now } = input;
  // As `checkSlot`: the UTC date of the instant, a day of margin each side covers every zone.
  const range = slotHorizon(localDateOf(startsAt, 'UTC'), 1, startsAt);
  const source = await vendorSlotSource(db, input.vendorId, input.durationMinutes, range, now);
  if (!source) return { ok: false, reason: 'not_bookable', horizonDays: 0 };
  const verdict = slotVerdict(source, startsAt, now);
  return verdict.ok ? verdict : { ...verdict, horizonDays: source.horizonDays };
}

/**
 * The free starts of a job of `durationMinutes` over `days` local days from `from` (default:
 * the vendor's today), in the vendor's zone; null when the vendor does not exist.
 */
export async function vendorFreeStarts(
  db: DbOrTx,
  input: { vendorId: string; durationMinutes: number; from?: string; days: number; now: Date },
): Promise<{ timeZone: string; days: Array<{ date: string; slots: Date[] }> } | null> {
  const { now } = input;
  const horizon = slotHorizon(input.from, input.days, now);
  const source = await vendorSlotSource(db, input.vendorId, input.durationMinutes, horizon, now);
  if (!source) return null;
  const days = slotDays(source, { from: input.from, days: input.days, now });
  return {
    timeZone: source.timeZone,
    days: days.map((d) => ({
      date: d.date,
      slots: d.slots.filter((s) => s.available).map((s) => s.startsAt),
    })),
  };
}
