import { z } from 'zod';
import { busyCalendarBodySchema, busyCalendarSchema } from '../busy-times';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** Busy-time import: the pro's other calendars that block their slots. */
export const busyTimeEndpoints = {
  listBusyCalendars: {
    ...routes.listBusyCalendars,
    response: z.array(busyCalendarSchema),
    summary: "The pro's imported calendars, oldest first, with their last sync and error",
  },
  addBusyCalendar: {
    ...routes.addBusyCalendar,
    body: busyCalendarBodySchema,
    response: busyCalendarSchema,
    summary:
      'Import an ICS URL (https:// or webcal://): fetched at once through a job, then every 15 minutes; its events block slots',
  },
  uploadBusyCalendar: {
    ...routes.uploadBusyCalendar,
    response: busyCalendarSchema,
    summary:
      'Import an .ics file: multipart/form-data with one `file` (at most 1 MB), read once; its events over the booking horizon block slots',
  },
  deleteBusyCalendar: {
    ...routes.deleteBusyCalendar,
    params: idParamsSchema,
    response: z.array(busyCalendarSchema),
    summary:
      'Remove an imported calendar and the busy times it blocked (answers the remaining ones)',
  },
} as const satisfies Record<string, EndpointDef>;
