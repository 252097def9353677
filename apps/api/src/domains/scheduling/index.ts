/**
 * The scheduling domain as other domains see it: the only module they import from scheduling
 * (ARCHITECTURE §1a). Slots: the grid of a vendor's opening hours, what makes a slot bookable,
 * the time orders and held waitlist offers take, and the lock that serialises changes to it.
 */
export {
  addDays,
  localDateOf,
  minutesOfTime,
  timeOfMinutes,
  weekdayOfDate,
} from './calendar';
export {
  type BookingRules,
  daySlots,
  dayRanges,
  type Interval,
  type MinuteRange,
  type SlotInstant,
  type SlotSchedule,
  slotStepMinutes,
  type WeeklyRule,
} from './grid';
export {
  DEFAULT_BOOKING_RULES,
  HOLD_MS,
  isSlotAvailable,
  isSlotWindowStart,
  LEAD_TIME_MS,
  LIVE_STATUSES,
  lastBookableDate,
  overlaps,
  overlapsWithBuffer,
  SLOT_WINDOW_FUTURE_DAYS,
  SLOT_WINDOW_PAST_DAYS,
  type SlotRefusal,
  scheduleDaySlots,
  slotDays,
  slotHorizon,
  slotVerdict,
} from './policy';
export { replaceAvailability, type SlotSource } from './repository';
export {
  blockingOrders,
  checkSlot,
  createSlotsService,
  lockVendorTime,
  type SlotCheckRefusal,
  type SlotsDeps,
  type SlotsService,
  slotsOn,
} from './service';
export { checkVendorTime, vendorFreeStarts } from './vendor-time';
// Busy-time import: the pro's other calendars whose events block their slots.
export { default as busyCalendarRoutes } from './routes';
export { type BusyCalendarsService, createBusyCalendarsService } from './busy-service';
export {
  busyCalendarSyncJob,
  busyCalendarsSchedule,
  queueBusyCalendarSyncs,
} from './jobs/busy-calendar-sync';
export type { BusySyncDeps } from './use-cases/sync-busy-calendar';
