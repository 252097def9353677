/**
 * Use cases of a pro's opening hours (listings domain): read them, replace them under the
 * vendor's time lock; slots follow at once.
 */
import type { Availability } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import {
  lockVendorTime,
  minutesOfTime,
  replaceAvailability,
  timeOfMinutes,
} from '../../scheduling';
import { refreshVendorSearch } from '../../search';
import { vendorOf } from '../access';
import * as vendorArea from '../../vendors';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import type { ListingsDeps } from '../types';

/** The vendor's availability as the contract has it. */
export async function availabilityOf(db: DbOrTx, vendorId: string): Promise<Availability> {
  const [settings, weekly, exceptions] = await Promise.all([
    repo.bookingSettings(db, vendorId),
    repo.weeklyRules(db, vendorId),
    repo.exceptionsOf(db, vendorId),
  ]);
  if (!settings) throw vendorArea.profileNotFound();
  return {
    timeZone: settings.timeZone,
    weekly: weekly.map((r) => ({
      weekday: r.weekday,
      start: timeOfMinutes(r.startMinute),
      end: timeOfMinutes(r.endMinute),
    })),
    exceptions: exceptions.map((e) =>
      e.ranges.length === 0
        ? { date: e.date, closed: true as const }
        : { date: e.date, ranges: e.ranges },
    ),
    minNoticeMinutes: settings.minNoticeMinutes,
    bufferMinutes: settings.bufferMinutes,
    horizonDays: settings.horizonDays,
  };
}

/**
 * `GET /v1/vendor/availability`: the pro's zone, weekly ranges (by weekday, then start),
 * dated exceptions (by date) and booking rules.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
 */
export async function getAvailability(deps: ListingsDeps, user: AuthUser): Promise<Availability> {
  const { db } = deps;
  return availabilityOf(db, await vendorOf(db, user));
}

/**
 * `PUT /v1/vendor/availability`: replaces the weekly ranges, exceptions, zone and booking
 * rules in one transaction under the vendor's time lock; slots follow at once. The zone is
 * stored under its canonical IANA name. Bookings already made are kept.
 * @throws AppError 403 `vendor_only`, 400 `invalid_availability` (a zone that is not IANA,
 *   overlapping ranges of a weekday or an exception — naming it — or a date given twice)
 */
export async function updateAvailability(
  deps: ListingsDeps,
  user: AuthUser,
  body: Availability,
): Promise<Availability> {
  const { db, catalogueCache } = deps;
  const vendorId = await vendorOf(db, user);
  const problem = policy.availabilityProblem(body);
  if (problem) throw msg.invalidAvailability(problem);
  const timeZone = policy.canonicalTimeZone(body.timeZone)!;
  await db.transaction(async (tx) => {
    await lockVendorTime(tx, vendorId);
    await vendorArea.updateBookingSettings(tx, vendorId, {
      timeZone,
      minNoticeMinutes: body.minNoticeMinutes,
      bufferMinutes: body.bufferMinutes,
      horizonDays: body.horizonDays,
    });
    await replaceAvailability(tx, vendorId, {
      weekly: body.weekly.map((r) => ({
        id: uuidv7(),
        weekday: r.weekday,
        startMinute: minutesOfTime(r.start),
        endMinute: minutesOfTime(r.end),
      })),
      exceptions: body.exceptions.map((e) => ({
        id: uuidv7(),
        date: e.date,
        ranges:
          'ranges' in e
            ? e.ranges
                .map((r) => ({ start: r.start, end: r.end }))
                .sort((a, b) => minutesOfTime(a.start) - minutesOfTime(b.start))
            : [],
      })),
    });
    // Search filters by opening weekday; the text itself is unchanged but kept in step.
    await refreshVendorSearch(tx, [vendorId]);
  });
  catalogueCache.purge({ search: true });
  return availabilityOf(db, vendorId);
}
