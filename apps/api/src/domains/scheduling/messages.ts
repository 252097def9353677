/** User-facing text of the scheduling domain: its errors. */
import { AppError, badRequest, conflict, forbidden, notFound } from '../../shared/errors';

/** 400 for a `from` date outside the slot window (policy.ts `isSlotWindowStart`). */
export const slotDateOutOfRange = () =>
  badRequest('Pick a date within the next year', 'invalid_date', { from: 'Out of range' });

/** 403 `vendor_only`: only pros import busy times. */
export const busyVendorOnly = () =>
  forbidden('Only pros can import busy times from other calendars', 'vendor_only');

/** 404 `busy_calendar_not_found`: no such imported calendar of the caller's. */
export const busyCalendarNotFound = () => notFound('Calendar not found', 'busy_calendar_not_found');

/** 409 `too_many_busy_calendars`: the most calendars a pro may import. */
export const tooManyBusyCalendars = (max: number) =>
  conflict(`You can import at most ${max} calendars. Remove one first`, 'too_many_busy_calendars');

/** 400 `calendar_url_not_https`: plain http, or an address that is not a public host. */
export const calendarUrlNotHttps = () =>
  badRequest('Use the calendar’s https:// address', 'calendar_url_not_https', {
    url: 'must be an https:// (or webcal://) address',
  });

/** 400 `no_calendar_file`: an upload without a file. */
export const noCalendarFile = () =>
  badRequest('No calendar file selected: choose an .ics file', 'no_calendar_file');

/** 400 `too_many_files`: an upload takes one file. */
export const oneCalendarFile = () =>
  badRequest('Upload one calendar file at a time', 'too_many_files');

/** 413 `calendar_file_too_large`: an upload over the limit. */
export const calendarFileTooLarge = (maxBytes: number) =>
  new AppError(
    413,
    `The calendar file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB: export a shorter range`,
    'calendar_file_too_large',
  );

/** 422 `calendar_unreadable`: an uploaded file that cannot be read; `reason` says why. */
export const calendarUnreadable = (reason: string) =>
  new AppError(422, reason, 'calendar_unreadable');

// ─── why a calendar could not be read (stored as its `last_error`, shown to the pro) ───────────

/** Not iCalendar text. */
export const icsUnreadable = () => 'This is not an iCalendar (.ics) file';
/** More busy intervals than a calendar may block. */
export const busyTooMany = (max: number) =>
  `The calendar has more than ${max} busy times in your booking horizon`;
/** No answer within the time limit. */
export const fetchTimedOut = (seconds: number) =>
  `The calendar did not answer within ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
/** A body over the size limit. */
export const fetchTooLarge = (maxBytes: number) =>
  `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`;
/** An HTTP error status. */
export const fetchStatus = (status: number) => `The calendar address answered HTTP ${status}`;
/** DNS or connection failure. */
export const fetchUnreachable = () => 'The calendar address could not be reached';
/** A private, loopback or otherwise non-public address (or a redirect to one). */
export const fetchNotPublic = () => 'The calendar address is not a public https:// address';
/** A redirect chain too long or without a target. */
export const fetchBadRedirect = () => 'The calendar address redirects too often';
