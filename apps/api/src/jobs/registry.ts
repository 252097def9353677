import { type ConversationsService, unreadMailJob } from '../domains/conversations';
import { acceptQuotedOrderJob, type OrdersContext } from '../domains/orders';
import type { AuthDomainService } from '../domains/auth';
import { payoutSendJob } from '../domains/earnings/jobs/payout-send';
import type { EarningsService } from '../domains/earnings/service';
import { paymentCaptureJob } from '../domains/payments/jobs/capture';
import { paymentOrphanRefundJob } from '../domains/payments/jobs/orphan-refund';
import { paymentRefundJob } from '../domains/payments/jobs/refund';
import { paymentVoidJob } from '../domains/payments/jobs/void';
import type { PaymentsService } from '../domains/payments/service';
import {
  planAuthorizeVisitJob,
  planCreateVisitsSchedule,
  planReleaseVisitJob,
  type PlansContext,
} from '../domains/plans';
import { closeRequestJob, expireQuoteJob, type QuotesContext } from '../domains/quotes';
import {
  customerReminderJob,
  eveningSummarySchedule,
  type RemindersDeps,
  vendorSummaryJob,
} from '../domains/reminders';
import {
  busyCalendarSyncJob,
  busyCalendarsSchedule,
  type BusySyncDeps,
} from '../domains/scheduling';
import { documentDeleteJob } from '../domains/vendors/jobs/document-delete';
import {
  type ResponseTimesDeps,
  responseTimesSchedule,
} from '../domains/vendors/jobs/response-times';
import { offerExpiryJob, type WaitlistService } from '../domains/waitlist';
import type { Storage } from '../services/storage';
import { defineSchedule } from './define';
import type { Jobs } from './engine';

/**
 * Finds and settles provider charges the database does not account for (spec §6, payments
 * reconciliation), every 5 minutes, once across all instances.
 */
export const paymentsReconcileSchedule = defineSchedule({
  name: 'payments.reconcile',
  cron: '*/5 * * * *',
  run: (payments: { reconcile(): Promise<unknown> }) => payments.reconcile(),
});

/**
 * Auth housekeeping (accounts left unverified for 24 h, stale challenges and sessions), hourly
 * at minute 7, once across all instances.
 */
export const authCleanupSchedule = defineSchedule({
  name: 'auth.cleanup',
  cron: '7 * * * *',
  run: (auth: { cleanup(): Promise<unknown> }) => auth.cleanup(),
});

/**
 * Registers the job kinds and periodic tasks of the domains built in app.ts (the core ones —
 * mail, notification, realtime, media deletion, outbox retention — are registered by their
 * plugins).
 */
export function registerJobs(
  jobs: Jobs,
  deps: {
    payments: PaymentsService;
    earnings: EarningsService;
    waitlist: WaitlistService;
    conversations: ConversationsService;
    auth: AuthDomainService;
    /** Private storage of vetting documents. */
    documents: Storage;
    /** What the customer reminders and the pros' evening summaries run with. */
    reminders: RemindersDeps;
    /** What the busy-time import's fetches run with. */
    busyCalendars: BusySyncDeps;
    /** What the pros' response-time measure runs with. */
    responseTimes: ResponseTimesDeps;
    /** What the plans' visit jobs and schedule run with. */
    plans: PlansContext;
    /** What the orders domain's own jobs run with. */
    orders: OrdersContext;
    /** What the quotes' expiry and close jobs run with. */
    quotes: QuotesContext;
  },
): void {
  jobs.register(paymentCaptureJob, deps.payments);
  jobs.register(paymentVoidJob, deps.payments);
  jobs.register(paymentRefundJob, deps.payments);
  jobs.register(paymentOrphanRefundJob, deps.payments);
  jobs.register(payoutSendJob, deps.earnings);
  jobs.register(offerExpiryJob, deps.waitlist);
  jobs.register(unreadMailJob, deps.conversations);
  jobs.register(documentDeleteJob, { documents: deps.documents });
  jobs.schedule(paymentsReconcileSchedule, deps.payments);
  jobs.schedule(authCleanupSchedule, deps.auth);
  jobs.register(customerReminderJob, deps.reminders);
  jobs.register(vendorSummaryJob, deps.reminders);
  jobs.schedule(eveningSummarySchedule, deps.reminders);
  jobs.register(busyCalendarSyncJob, deps.busyCalendars);
  jobs.schedule(busyCalendarsSchedule, deps.busyCalendars);
  jobs.schedule(responseTimesSchedule, deps.responseTimes);
  jobs.register(planAuthorizeVisitJob, deps.plans);
  jobs.register(planReleaseVisitJob, deps.plans);
  jobs.schedule(planCreateVisitsSchedule, deps.plans);
  jobs.register(acceptQuotedOrderJob, deps.orders);
  jobs.register(expireQuoteJob, deps.quotes);
  jobs.register(closeRequestJob, deps.quotes);
}
