/**
 * The calendar domain as other domains see it: the only module they import from calendar
 * (ARCHITECTURE §1a). It reads order facts itself (no import of orders or payments, which
 * call it to attach invites to their mails), so there is no cycle.
 */
export { default as calendarRoutes } from './routes';
export { type CalendarService, createCalendarService } from './service';
export { enqueueCalendarMail, type InviteDeps, orderInvite } from './use-cases/invite';
