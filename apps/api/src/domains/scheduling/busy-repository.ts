/**
 * Queries of the busy-time import (scheduling domain): a pro's imported calendars
 * (`busy_calendars`) and the busy intervals each blocks (`busy_times`). The slot queries read
 * `busy_times` in repository.ts. Each takes `db` or a transaction.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { busyCalendars, busyTimes, vendorProfiles } from '../../db/schema';
import type { Interval } from './grid';

/** An imported calendar with how many busy intervals it blocks. */
export interface BusyCalendarRow {
  id: string;
  vendorId: string;
  source: 'url' | 'upload';
  url: string | null;
  label: string;
  lastFetchedAt: Date | null;
  lastSyncedAt: Date | null;
  lastError: string | null;
  createdAt: Date;
  busyCount: number;
}

/**
 * How many busy times a calendar row blocks. Written out in full: a select from one table
 * renders its columns unqualified, which inside this subquery would name `busy_times`' own.
 */
const busyCount = sql<number>`(select count(*)::int from "busy_times" where "busy_times"."calendar_id" = "busy_calendars"."id")`;
const calendarColumns = {
  id: busyCalendars.id,
  vendorId: busyCalendars.vendorId,
  source: busyCalendars.source,
  url: busyCalendars.url,
  label: busyCalendars.label,
  lastFetchedAt: busyCalendars.lastFetchedAt,
  lastSyncedAt: busyCalendars.lastSyncedAt,
  lastError: busyCalendars.lastError,
  createdAt: busyCalendars.createdAt,
  busyCount,
};

/** The pro profile of the account `userId` (its zone and booking horizon), or null. */
export async function vendorOfUser(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      id: vendorProfiles.id,
      timeZone: vendorProfiles.timeZone,
      horizonDays: vendorProfiles.horizonDays,
    })
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row ?? null;
}

/** The vendor's imported calendars, oldest first. */
export function listBusyCalendars(db: DbOrTx, vendorId: string): Promise<BusyCalendarRow[]> {
  return db
    .select(calendarColumns)
    .from(busyCalendars)
    .where(eq(busyCalendars.vendorId, vendorId))
    .orderBy(asc(busyCalendars.createdAt), asc(busyCalendars.id));
}

/** Calendar `id` with its vendor's zone and horizon (what a sync needs), or null. */
export async function busyCalendarToSync(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      ...calendarColumns,
      timeZone: vendorProfiles.timeZone,
      horizonDays: vendorProfiles.horizonDays,
    })
    .from(busyCalendars)
    .innerJoin(vendorProfiles, eq(vendorProfiles.id, busyCalendars.vendorId))
    .where(eq(busyCalendars.id, id));
  return row ?? null;
}

/** Calendar `id` of `vendorId` with its busy count, or null (none, or another pro's). */
export async function busyCalendarOf(db: DbOrTx, vendorId: string, id: string) {
  const [row] = await db
    .select(calendarColumns)
    .from(busyCalendars)
    .where(and(eq(busyCalendars.id, id), eq(busyCalendars.vendorId, vendorId)));
  return row ?? null;
}

/** Inserts an imported calendar; resolves with its id (UUIDv7). */
export async function insertBusyCalendar(
  db: DbOrTx,
  row: { vendorId: string; source: 'url' | 'upload'; url: string | null; label: string; at: Date },
): Promise<string> {
  const id = uuidv7();
  await db.insert(busyCalendars).values({
    id,
    vendorId: row.vendorId,
    source: row.source,
    url: row.url,
    label: row.label,
    createdAt: row.at,
  });
  return id;
}

/** Deletes calendar `id` of `vendorId` and its busy times (cascade); whether it existed. */
export async function deleteBusyCalendar(db: DbOrTx, vendorId: string, id: string) {
  const deleted = await db
    .delete(busyCalendars)
    .where(and(eq(busyCalendars.id, id), eq(busyCalendars.vendorId, vendorId)))
    .returning({ id: busyCalendars.id });
  return deleted.length > 0;
}

/** Rows per insert statement (5 parameters each, far below PostgreSQL's 65 535). */
const INSERT_CHUNK = 1000;

/**
 * In `tx`: replaces calendar `id`'s busy times with `intervals` and marks it synced at `at`
 * (no error). The calendar's row is updated first, which locks it, so two syncs of one calendar
 * take turns; resolves false (and writes nothing) when the calendar is gone (removed meanwhile).
 */
export async function replaceBusyTimes(
  tx: DbOrTx,
  id: string,
  intervals: readonly Interval[],
  at: Date,
): Promise<boolean> {
  const [calendar] = await tx
    .update(busyCalendars)
    .set({ lastFetchedAt: at, lastSyncedAt: at, lastError: null })
    .where(eq(busyCalendars.id, id))
    .returning({ vendorId: busyCalendars.vendorId });
  if (!calendar) return false;
  await tx.delete(busyTimes).where(eq(busyTimes.calendarId, id));
  for (let i = 0; i < intervals.length; i += INSERT_CHUNK) {
    await tx.insert(busyTimes).values(
      intervals.slice(i, i + INSERT_CHUNK).map((b) => ({
        id: uuidv7(),
        vendorId: calendar.vendorId,
        calendarId: id,
        startsAt: b.startsAt,
        endsAt: b.endsAt,
      })),
    );
  }
  return true;
}

/** Records a failed fetch or read of calendar `id` at `at`; its busy times stay as they were. */
export async function recordBusyFailure(db: DbOrTx, id: string, at: Date, error: string) {
  await db
    .update(busyCalendars)
    .set({ lastFetchedAt: at, lastError: error })
    .where(eq(busyCalendars.id, id));
}

/** Ids of every calendar imported by URL (the 15-minute refetch). */
export async function urlBusyCalendarIds(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .select({ id: busyCalendars.id })
    .from(busyCalendars)
    .where(eq(busyCalendars.source, 'url'));
  return rows.map((r) => r.id);
}
