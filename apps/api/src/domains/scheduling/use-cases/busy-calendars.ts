/**
 * The pro's imported calendars (busy-time import): list, add an address, upload a file,
 * remove. Vendors only (403 for anyone else); a calendar of another pro is 404.
 */
import {
  BUSY_CALENDAR_UPLOAD_MAX_BYTES,
  BUSY_CALENDARS_MAX,
  type BusyCalendar,
  type BusyCalendarBody,
} from '@vetted/contract';
import { isIP } from 'node:net';
import type { AuthUser } from '../../../platform/types';
import { enqueue } from '../../../jobs/engine';
import { calendarFetchUrl, isNonPublicAddress } from '../busy-fetch';
import { BusyImportError, busyIntervals } from '../busy-ics';
import { busyWindow, fileLabel, firstSyncKey, urlLabel } from '../busy-policy';
import * as repo from '../busy-repository';
import type { Interval } from '../grid';
import { busyCalendarSyncJob } from '../jobs/busy-calendar-sync';
import * as msg from '../messages';
import type { BusySyncDeps } from './sync-busy-calendar';

/** An uploaded calendar file as the route read it (null: none came). */
export type BusyUpload = { data: Buffer; fileName: string } | null;

/** The contract's view of a calendar row. */
function toBusyCalendar(row: repo.BusyCalendarRow): BusyCalendar {
  return {
    id: row.id,
    source: row.source,
    label: row.label,
    busyCount: row.busyCount,
    lastFetchedAt: row.lastFetchedAt?.toISOString() ?? null,
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's pro profile. @throws AppError 403 `vendor_only` for anyone but a pro */
async function callerVendor(d: BusySyncDeps, user: AuthUser) {
  const vendor = user.role === 'vendor' ? await repo.vendorOfUser(d.db, user.id) : null;
  if (!vendor) throw msg.busyVendorOnly();
  return vendor;
}

/** @throws AppError 409 `too_many_busy_calendars` when the vendor has the most already */
async function checkRoom(d: BusySyncDeps, vendorId: string): Promise<void> {
  const existing = await repo.listBusyCalendars(d.db, vendorId);
  if (existing.length >= BUSY_CALENDARS_MAX) throw msg.tooManyBusyCalendars(BUSY_CALENDARS_MAX);
}

/** `GET /v1/vendor/busy-calendars`. @throws AppError 403 `vendor_only` */
export async function listBusy(d: BusySyncDeps, user: AuthUser): Promise<BusyCalendar[]> {
  const vendor = await callerVendor(d, user);
  return (await repo.listBusyCalendars(d.db, vendor.id)).map(toBusyCalendar);
}

/**
 * `POST /v1/vendor/busy-calendars { url }`: adds the address (`webcal://` read as `https://`)
 * and queues its first fetch in the same transaction (`busy-calendar.sync`, fetched by the
 * job soon after); the schedule refetches it every 15 minutes.
 * @throws AppError 403 `vendor_only`; 400 `calendar_url_not_https` for `http://` or a
 *   non-public IP address (unless `config.calendarImportAllowLocal`); 409
 *   `too_many_busy_calendars`
 */
export async function addBusyUrl(
  d: BusySyncDeps,
  user: AuthUser,
  body: BusyCalendarBody,
): Promise<BusyCalendar> {
  const vendor = await callerVendor(d, user);
  const target = calendarFetchUrl(body.url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A host name is resolved and checked when fetched (busy-fetch.ts); an IP literal here.
  if (
    !d.config.calendarImportAllowLocal &&
    (target.protocol !== 'https:' || (isIP(host) !== 0 && isNonPublicAddress(host)))
  ) {
    throw msg.calendarUrlNotHttps();
  }
  await checkRoom(d, vendor.id);
  const id = await d.db.transaction(async (tx) => {
    const created = await repo.insertBusyCalendar(tx, {
      vendorId: vendor.id,
      source: 'url',
      url: target.toString(),
      label: urlLabel(target),
      at: d.clock.now(),
    });
    await enqueue(tx, busyCalendarSyncJob, { calendarId: created }, { key: firstSyncKey(created) });
    return created;
  });
  return toBusyCalendar((await repo.busyCalendarOf(d.db, vendor.id, id))!);
}

/**
 * `POST /v1/vendor/busy-calendars/upload`: reads the `.ics` at once over the vendor's horizon
 * and keeps its busy intervals (a snapshot: upload again after changes); nothing is kept of an
 * unreadable file.
 * @throws AppError 403 `vendor_only`; 400 `no_calendar_file`; 409 `too_many_busy_calendars`;
 *   422 `calendar_unreadable` naming why
 */
export async function uploadBusy(
  d: BusySyncDeps,
  user: AuthUser,
  file: BusyUpload,
): Promise<BusyCalendar> {
  const vendor = await callerVendor(d, user);
  if (!file || file.data.byteLength === 0) throw msg.noCalendarFile();
  if (file.data.byteLength > BUSY_CALENDAR_UPLOAD_MAX_BYTES) {
    throw msg.calendarFileTooLarge(BUSY_CALENDAR_UPLOAD_MAX_BYTES);
  }
  await checkRoom(d, vendor.id);
  const now = d.clock.now();
  let intervals: Interval[];
  try {
    intervals = busyIntervals(file.data.toString('utf8'), busyWindow(vendor, now));
  } catch (err) {
    if (err instanceof BusyImportError) throw msg.calendarUnreadable(err.message);
    throw err;
  }
  const id = await d.db.transaction(async (tx) => {
    const created = await repo.insertBusyCalendar(tx, {
      vendorId: vendor.id,
      source: 'upload',
      url: null,
      label: fileLabel(file.fileName),
      at: now,
    });
    await repo.replaceBusyTimes(tx, created, intervals, now);
    return created;
  });
  return toBusyCalendar((await repo.busyCalendarOf(d.db, vendor.id, id))!);
}

/**
 * `DELETE /v1/vendor/busy-calendars/{id}`: removes the calendar and its busy times (its slots
 * are free again at once); resolves with the remaining ones.
 * @throws AppError 403 `vendor_only`; 404 `busy_calendar_not_found` (none, or another pro's)
 */
export async function removeBusy(
  d: BusySyncDeps,
  user: AuthUser,
  id: string,
): Promise<BusyCalendar[]> {
  const vendor = await callerVendor(d, user);
  if (!(await repo.deleteBusyCalendar(d.db, vendor.id, id))) throw msg.busyCalendarNotFound();
  return (await repo.listBusyCalendars(d.db, vendor.id)).map(toBusyCalendar);
}
