import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { rawRoute, route } from '../../lib/route';
import type { CalendarService } from './service';

/**
 * Calendars: an order's `.ics` (a `text/calendar` attachment, not wrapped in `{ ok, data }`), a
 * pro's private feed (no session: the token in the path is the credential) and the pro's feed
 * URL with its rotation. Neither file may be kept by a shared cache.
 */
export default async function calendarRoutes(
  app: FastifyInstance,
  { calendar }: { calendar: CalendarService },
): Promise<void> {
  rawRoute(app, endpoints.getOrderCalendar, async ({ params, user, reply }) => {
    const file = await calendar.orderCalendar(user, params.id);
    reply
      .type('text/calendar; charset=utf-8; method=PUBLISH')
      .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store');
    return file.text;
  });
  rawRoute(app, endpoints.getCalendarFeed, async ({ params, reply }) => {
    const file = await calendar.feed(params.token);
    reply
      .type('text/calendar; charset=utf-8')
      .header('Content-Disposition', `inline; filename="${file.fileName}"`)
      .header('Cache-Control', 'private, no-store');
    return file.text;
  });
  route(app, endpoints.getVendorCalendarFeed, ({ user }) => calendar.feedUrl(user));
  route(app, endpoints.rotateVendorCalendarFeed, ({ user }) => calendar.rotateFeed(user));
}
