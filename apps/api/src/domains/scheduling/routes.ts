import multipart from '@fastify/multipart';
import { BUSY_CALENDAR_UPLOAD_MAX_BYTES, endpoints } from '@vetted/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { readSingleFileForm } from '../../lib/multipart';
import { bearerOf, route } from '../../lib/route';
import type { BusyCalendarsService } from './busy-service';
import * as msg from './messages';
import type { BusyUpload } from './use-cases/busy-calendars';

/** The file of a multipart upload, read before validation (see `readCalendarFile`). */
const uploads = new WeakMap<FastifyRequest, BusyUpload>();

/**
 * Reads a `multipart/form-data` calendar upload: one file in field `file`, buffered (at most
 * BUSY_CALENDAR_UPLOAD_MAX_BYTES = 1 MB). The caller is authenticated — and must be a pro —
 * before a byte is read (401 without a valid access token, 403 for customers and admins). A
 * request that is not multipart, or has no file, leaves none: the use case answers "No
 * calendar file selected".
 * @throws AppError 401, 403 `vendor_only`, 413 `calendar_file_too_large`, 400 `too_many_files`
 *   / `unexpected_field`
 */
async function readCalendarFile(request: FastifyRequest): Promise<void> {
  if (!request.isMultipart()) return;
  const bearer = bearerOf(request);
  if (!bearer) throw unauthorized('Session not found');
  const user = await request.server.auth.verifyAccessToken(bearer);
  if (user.role !== 'vendor') throw msg.busyVendorOnly();
  const form = await readSingleFileForm(request, {
    fields: [],
    tooLarge: () => msg.calendarFileTooLarge(BUSY_CALENDAR_UPLOAD_MAX_BYTES),
    tooManyFiles: msg.oneCalendarFile,
  });
  uploads.set(request, form.file);
}

/**
 * `/v1/vendor/busy-calendars`: the pro's other calendars whose events block their slots (an
 * address refetched every 15 minutes, or an uploaded `.ics`). Vendors only. Each route
 * destructures and calls one service function.
 */
export default async function busyCalendarRoutes(
  app: FastifyInstance,
  { busyCalendars }: { busyCalendars: BusyCalendarsService },
): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: BUSY_CALENDAR_UPLOAD_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024 },
  });
  route(app, endpoints.listBusyCalendars, ({ user }) => busyCalendars.list(user));
  route(app, endpoints.addBusyCalendar, ({ user, body }) => busyCalendars.addUrl(user, body), {
    successStatus: 201,
  });
  route(
    app,
    endpoints.uploadBusyCalendar,
    ({ user, request }) => busyCalendars.upload(user, uploads.get(request) ?? null),
    { successStatus: 201, preValidation: readCalendarFile },
  );
  route(app, endpoints.deleteBusyCalendar, ({ user, params }) =>
    busyCalendars.remove(user, params.id),
  );
}
