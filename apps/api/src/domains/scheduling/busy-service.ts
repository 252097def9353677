/**
 * The busy-time import behind its routes (scheduling domain): each method is one use case of
 * `use-cases/busy-calendars.ts`.
 */
import type { AuthUser } from '../../platform/types';
import type { BusyCalendarBody } from '@vetted/contract';
import {
  addBusyUrl,
  type BusyUpload,
  listBusy,
  removeBusy,
  uploadBusy,
} from './use-cases/busy-calendars';
import type { BusySyncDeps } from './use-cases/sync-busy-calendar';

/** The busy-calendar service of one app. */
export function createBusyCalendarsService(deps: BusySyncDeps) {
  return {
    /** The pro's imported calendars (403 for non-pros). */
    list: (user: AuthUser) => listBusy(deps, user),
    /** Adds a calendar address; its first fetch is queued. */
    addUrl: (user: AuthUser, body: BusyCalendarBody) => addBusyUrl(deps, user, body),
    /** Imports an uploaded `.ics`, read at once. */
    upload: (user: AuthUser, file: BusyUpload) => uploadBusy(deps, user, file),
    /** Removes a calendar of the pro's (404 for another's); the remaining ones. */
    remove: (user: AuthUser, id: string) => removeBusy(deps, user, id),
  };
}

export type BusyCalendarsService = ReturnType<typeof createBusyCalendarsService>;
