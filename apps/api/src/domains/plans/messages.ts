/**
 * What plans tell people: in-app notices of each change to the other side, the mails of a
 * declined visit card, and the 4xx errors of plan requests (each says what to do instead).
 */
import { PLAN_FREQUENCY_LABELS, type PlanFrequency } from '@vetted/contract';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { escapeHtml, type MailMessage, mailHtml } from '../../shared/mail';
import type { NewNotification } from '../../shared/notification';
import { formatWhenZoned } from '../../shared/time';

export const customerPlanLink = (id: string) => `/user/plans/${id}`;
export const vendorPlansLink = '/vendor/plans';

export const planNotFound = () => notFound('Plan not found', 'plan_not_found');
export const customerOnly = () =>
  forbidden('Only customers can start a plan: sign in with a customer account', 'customer_only');
export const wrongSide = (by: 'vendor' | 'customer') =>
  forbidden(
    by === 'vendor'
      ? 'Only the pro of this plan can do this'
      : 'Only the customer of this plan can do this',
    'wrong_actor',
  );
export const invalidState = (status: string) =>
  conflict(`This plan is ${status}: it can no longer be changed that way`, 'invalid_plan_state');
export const firstVisitUnpaid = () =>
  conflict(
    'The customer has not paid the first visit yet: you can accept the plan once they have',
    'first_visit_unpaid',
  );
export const untilBeforeStart = () =>
  badRequest('The last day must be after the first visit', 'invalid_until', {
    until: 'Pick a last day after the first visit',
  });
export const notAVisit = () =>
  badRequest('No visit of this plan starts then: pick one of its upcoming visits', 'not_a_visit', {
    startsAt: 'Pick one of the upcoming visits',
  });
export const visitPast = () =>
  conflict('This visit has already started: only upcoming visits can be skipped', 'visit_started');
export const skipRefused = (error: Error) =>
  error instanceof AppError ? error : conflict('This visit can no longer be skipped');

/** Facts every plan notice needs. */
export interface PlanFacts {
  planId: string;
  customerId: string;
  vendorUserId: string;
  customerName: string;
  businessName: string;
  serviceTitle: string;
  frequency: PlanFrequency;
  timeZone: string;
}

const often = (f: PlanFrequency) => PLAN_FREQUENCY_LABELS[f];

/** To the pro: a customer asks for a plan. */
export function requestedNotice(f: PlanFacts, startsAt: Date): NewNotification {
  return {
    userId: f.vendorUserId,
    type: 'plan.requested',
    title: 'New plan request',
    body: `${f.customerName} asks for ${f.serviceTitle} (${often(f.frequency)}) from ${formatWhenZoned(startsAt, f.timeZone)}. Accept or decline it once.`,
    link: vendorPlansLink,
  };
}

/** To the customer: the pro accepted or declined the plan. */
export function answeredNotice(f: PlanFacts, accepted: boolean, reason?: string): NewNotification {
  return {
    userId: f.customerId,
    type: accepted ? 'plan.accepted' : 'plan.declined',
    title: accepted ? 'Plan accepted' : 'Plan declined',
    body: accepted
      ? `${f.businessName} accepted your ${often(f.frequency)} plan for ${f.serviceTitle}.`
      : `${f.businessName} declined your plan for ${f.serviceTitle}${reason ? `: ${reason}` : ''}. Your first visit is refunded in full.`,
    link: customerPlanLink(f.planId),
  };
}

/** To the other side: the plan was cancelled. */
export function cancelledNotice(f: PlanFacts, by: 'customer' | 'vendor'): NewNotification {
  return by === 'customer'
    ? {
        userId: f.vendorUserId,
        type: 'plan.cancelled',
        title: 'Plan cancelled',
        body: `${f.customerName} cancelled their plan for ${f.serviceTitle}. Its upcoming visits are cancelled.`,
        link: vendorPlansLink,
      }
    : {
        userId: f.customerId,
        type: 'plan.cancelled',
        title: 'Plan cancelled',
        body: `${f.businessName} cancelled your plan for ${f.serviceTitle}. Upcoming visits are cancelled and refunded in full.`,
        link: customerPlanLink(f.planId),
      };
}

/** To the pro: one visit skipped, or the plan paused / resumed. */
export function customerChangeNotice(
  f: PlanFacts,
  change: { kind: 'skipped'; startsAt: Date } | { kind: 'paused' } | { kind: 'resumed' },
): NewNotification {
  const what =
    change.kind === 'skipped'
      ? `skipped the visit of ${formatWhenZoned(change.startsAt, f.timeZone)}`
      : `${change.kind} their plan`;
  return {
    userId: f.vendorUserId,
    type: `plan.${change.kind}`,
    title: change.kind === 'skipped' ? 'Visit skipped' : `Plan ${change.kind}`,
    body: `${f.customerName} ${what} (${f.serviceTitle}).`,
    link: vendorPlansLink,
  };
}

/** Both sides: a visit's card was declined (the customer may still pay it until `releaseAt`). */
export function declinedNotices(
  f: PlanFacts,
  visit: { orderId: string; startsAt: Date; releaseAt: Date; message: string },
): NewNotification[] {
  const when = formatWhenZoned(visit.startsAt, f.timeZone);
  const until = formatWhenZoned(visit.releaseAt, f.timeZone);
  return [
    {
      userId: f.customerId,
      type: 'plan.visit_declined',
      title: 'Card declined for your next visit',
      body: `${visit.message} Pay your visit of ${when} from its order page by ${until}, or it is cancelled.`,
      link: `/user/history/order?id=${visit.orderId}`,
    },
    {
      userId: f.vendorUserId,
      type: 'plan.visit_declined',
      title: "A plan visit isn't paid yet",
      body: `${f.customerName}'s card was declined for the visit of ${when}. It is cancelled at ${until} unless they pay.`,
      link: `/vendor/history/order?id=${visit.orderId}`,
    },
  ];
}

/** Both sides: an unpaid visit was released 24 h before it. */
export function releasedNotices(f: PlanFacts, startsAt: Date, orderId: string): NewNotification[] {
  const when = formatWhenZoned(startsAt, f.timeZone);
  return [
    {
      userId: f.customerId,
      type: 'plan.visit_released',
      title: 'Visit cancelled',
      body: `Your visit of ${when} (${f.serviceTitle}) was not paid and is cancelled. Your plan goes on.`,
      link: `/user/history/order?id=${orderId}`,
    },
    {
      userId: f.vendorUserId,
      type: 'plan.visit_released',
      title: 'Unpaid visit cancelled',
      body: `${f.customerName}'s visit of ${when} was not paid and is cancelled: the slot is free again.`,
      link: `/vendor/history/order?id=${orderId}`,
    },
  ];
}

/**
 * Both sides: a visit the plan would book clashes with another booking or busy time of the pro,
 * so it is not booked (the plan goes on).
 */
export function unbookableNotices(f: PlanFacts, startsAt: Date): NewNotification[] {
  const when = formatWhenZoned(startsAt, f.timeZone);
  return [
    {
      userId: f.customerId,
      type: 'plan.visit_unavailable',
      title: 'Visit not booked',
      body: `${f.businessName} is not free on ${when}, so that visit of your plan is not booked. Your other visits go on.`,
      link: customerPlanLink(f.planId),
    },
    {
      userId: f.vendorUserId,
      type: 'plan.visit_unavailable',
      title: 'Plan visit not booked',
      body: `${f.customerName}'s ${often(f.frequency)} visit of ${when} clashes with another booking or busy time, so it is not booked.`,
      link: vendorPlansLink,
    },
  ];
}

/** The mail twin of a notice, to `to` (a `bookings` mail: it honours that email switch). */
export function noticeMail(to: string, n: NewNotification, publicUrl: string): MailMessage {
  const url = `${publicUrl}${n.link ?? ''}`;
  return {
    to,
    subject: n.title,
    // Booking mail: not sent when the recipient switched booking emails off.
    preferenceKind: 'bookings',
    text: `${n.body}\n\n${url}`,
    html: mailHtml(
      `<p style="margin:0 0 16px">${escapeHtml(n.body)}</p><p><a href="${escapeHtml(url)}">Open</a></p>`,
    ),
  };
}
