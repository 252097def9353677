import { z } from 'zod';
import { calendarFeedParamsSchema, calendarFeedSchema } from '../calendar';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema } from './shared';

/** Calendar files: one order's event, and the pro's private feed of jobs and its URL. */
export const calendarEndpoints = {
  getOrderCalendar: {
    ...routes.getOrderCalendar,
    params: idParamsSchema,
    response: z.string(),
    summary:
      "The order's event as an iCalendar file (text/calendar, not wrapped), for its customer or pro; 404 for anyone else",
  },
  getCalendarFeed: {
    ...routes.getCalendarFeed,
    params: calendarFeedParamsSchema,
    response: z.string(),
    summary:
      "A pro's private calendar feed (text/calendar, not wrapped): jobs of the last 30 and next 180 days. The token is the credential; an unknown or rotated one is 404",
  },
  getVendorCalendarFeed: {
    ...routes.getVendorCalendarFeed,
    response: calendarFeedSchema,
    summary: "The pro's private calendar feed URL (created on the first call)",
  },
  rotateVendorCalendarFeed: {
    ...routes.rotateVendorCalendarFeed,
    response: calendarFeedSchema,
    summary: 'Issue a new calendar feed URL; the old one answers 404 at once',
  },
} as const satisfies Record<string, EndpointDef>;
