/**
 * The reminders domain as the rest of the API sees it (ARCHITECTURE §1a): the customer's
 * reminders before a booking and the pro's evening summary of tomorrow's jobs. It reads orders
 * only through the {@link ReminderOrders} it is given (the orders domain's `reminderReads`) and
 * changes nothing but the outbox.
 */
export type {
  JobStart,
  ReminderOrder,
  ReminderOrders,
  RemindersDeps,
  SummaryJob,
} from './deps';
export { customerReminderJob } from './jobs/customer-reminder';
export { vendorSummaryJob } from './jobs/vendor-summary';
export {
  addressArea,
  REMINDER_STATUSES,
  type ReminderLead,
  reminderTimes,
  SUMMARY_HOUR,
  summaryDayAt,
} from './policy';
export { eveningSummarySchedule, queueEveningSummaries, scheduleReminders } from './schedule';
