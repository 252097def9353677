/**
 * What quotes tell people: the 4xx answers of quote requests (each says what to do instead),
 * the in-app notices of every transition to the other side, and their mail twins.
 */
import { AppError, badRequest, conflict, forbidden, notFound } from '../../shared/errors';
import { escapeHtml, type MailMessage, mailHtml } from '../../shared/mail';
import { formatMoney } from '../../shared/money';
import type { NewNotification } from '../../shared/notification';
import { formatWhenZoned } from '../../shared/time';

/** The customer's page of request `id`. */
export const customerRequestLink = (id: string) => `/user/quotes/${id}`;
/** The pro's page of the lead on request `requestId`. */
export const vendorLeadLink = (requestId: string) => `/vendor/leads/${requestId}`;

// —— Errors ——

/** 404 for an unknown request or one the caller has no part in (no IDOR oracle). */
export const requestNotFound = () => notFound('Quote request not found', 'quote_request_not_found');
/** 404 for an unknown quote or one the caller has no part in. */
export const quoteNotFound = () => notFound('Quote not found', 'quote_not_found');
/** 403: only customers ask for quotes. */
export const customerOnly = () =>
  forbidden('Only customers can ask for quotes: sign in with a customer account', 'customer_only');
/** 403: leads, quoting and free times are the pros'. */
export const vendorOnly = () =>
  forbidden('Only pros have leads: sign in with your pro account', 'vendor_only');
/** 400: `categorySlug` names no category. */
export const categoryNotFound = () =>
  badRequest('Choose one of the listed kinds of job', 'category_not_found', {
    categorySlug: 'Choose one of the listed kinds of job',
  });
/** 404: the pro asked (or named) is unknown, not approved, or not one of the request's. */
export const proNotFound = () => notFound('Pro not found', 'vendor_not_found');
/** 422: the pro asked does not do jobs of the category. */
export const proNotInCategory = (businessName: string, category: string) =>
  new AppError(
    422,
    `${businessName} does not do ${category} jobs: choose another kind of job, or ask for quotes from every matching pro`,
    'vendor_not_in_category',
  );
/** 422: the job is outside the service area of the pro asked. */
export const proOutsideArea = (businessName: string) =>
  new AppError(
    422,
    `${businessName} does not cover that address: ask for quotes from every matching pro instead`,
    'outside_service_area',
  );
/** 422: neither the saved place nor the typed address could be located. */
export const placeNotFound = () =>
  new AppError(
    422,
    'We could not tell where that address is: add the town or city (e.g. "12 Main Street, Boston, MA") or choose a saved place',
    'address_not_located',
    { address: 'Add the town or city to the address' },
  );
/** 422: no approved pro of the category covers the place; nothing was saved. */
export const noMatchingPros = (category: string) =>
  new AppError(
    422,
    `No approved ${category} pro covers that address yet: try a nearby town, another kind of job, or come back later`,
    'no_matching_pros',
  );
/** 400: more than `max` photos (`QUOTE_RULES.maxPhotos`). */
export const tooManyPhotos = (max: number) =>
  badRequest(`Add at most ${max} photos`, 'too_many_photos', { photos: `At most ${max} photos` });
/** 400: a multipart `windows` field that is not JSON. */
export const invalidWindows = () =>
  badRequest('windows must be a JSON list of { from, to } date ranges', 'invalid_windows', {
    windows: 'Give 1 to 3 date ranges',
  });
/** 409: the request is no longer `open`. */
export const requestNotOpen = (status: string) =>
  conflict(`This request is ${status}: it no longer takes that`, 'request_not_open');
/** 409: the pro already quoted or declined this lead. */
export const leadAnswered = (status: string) =>
  conflict(`You already answered this request (${status})`, 'lead_answered');
/** 409: the quote is no longer `open`. */
export const quoteNotOpen = (status: string) =>
  conflict(`This quote is ${status}: it can no longer be changed`, 'quote_not_open');
/** 409: the quote is past its `validUntil` (its expiry job may not have run yet). */
export const quoteExpired = () =>
  conflict('This quote has expired: ask the pro for a new one', 'quote_expired');
/** 403: a party of the request asked for what only the other side may do. */
export const wrongSide = (by: 'customer' | 'vendor') =>
  forbidden(
    by === 'customer'
      ? 'Only the customer of this request can do this'
      : 'Only the pro of this quote can do this',
    'wrong_actor',
  );
/** 400: `validUntil` is not in the future. */
export const validUntilPast = () =>
  badRequest('The quote must stay valid until a time in the future', 'invalid_valid_until', {
    validUntil: 'Pick a time in the future',
  });
/** 400: an offered slot is not free in the pro's calendar (named, with why). */
export const slotNotFree = (slot: string, why: string) =>
  badRequest(`The time ${slot} is not free in your calendar: ${why}`, 'slot_not_free', {
    slots: `${slot} is not free: ${why}`,
  });
/** 400: the same slot offered twice. */
export const duplicateSlots = () =>
  badRequest('Offer each time once', 'duplicate_slots', { slots: 'Offer each time once' });
/** 409: the quote already has its one counter-offer. */
export const counterTaken = () =>
  conflict('You already made a counter-offer on this quote: one per quote', 'counter_exists');
/** 400: a counter-offer at or above the quote's total (`total` formatted). */
export const counterNotBelow = (total: string) =>
  badRequest(`A counter-offer must be below the quote's total (${total})`, 'counter_not_below', {
    amount: `Offer less than ${total}`,
  });
/** 409: no pending counter-offer to answer. */
export const noPendingCounter = () =>
  conflict('There is no counter-offer to answer on this quote', 'no_pending_counter');
/** 400: `startsAt` is not one of the quote's slots. */
export const notAQuotedSlot = () =>
  badRequest('Pick one of the times the pro offered', 'not_a_quoted_slot', {
    startsAt: 'Pick one of the offered times',
  });
/** 404: `quoteId` is not a quote of this request. */
export const quoteOfRequestNotFound = () =>
  notFound('That quote is not one of this request', 'quote_not_found');
/** 400: the customer opened a request's conversation without naming the pro. */
export const conversationVendorNeeded = () =>
  badRequest('Say which pro you want to talk to (vendorId)', 'vendor_required', {
    vendorId: 'Choose a pro of this request',
  });

/** Why a slot is not free, in the pro's words. */
export function slotRefusalText(reason: string, horizonDays: number): string {
  switch (reason) {
    case 'off_grid':
      return 'it is outside your opening hours or not on your slot grid';
    case 'too_soon':
      return 'it is sooner than your minimum notice';
    case 'beyond_horizon':
      return `it is more than ${horizonDays} days ahead`;
    case 'taken':
      return 'another booking or busy time overlaps it';
    default:
      return 'it cannot be booked';
  }
}

// —— Notices ——

/** Facts every notice of a request needs. */
export interface RequestFacts {
  requestId: string;
  customerId: string;
  customerName: string;
  category: string;
}

/** A pro as notices name them. */
export interface ProFacts {
  userId: string;
  businessName: string;
  timeZone: string;
}

const money = (amount: number, currency: string) => formatMoney(amount, currency);

/** To a matched pro: a new request. */
export function newRequestNotice(f: RequestFacts, pro: ProFacts, direct: boolean): NewNotification {
  return {
    userId: pro.userId,
    type: 'quote.requested',
    title: 'New quote request',
    body: `${f.customerName} asks ${direct ? 'you' : 'you and other pros'} for a quote: ${f.category}. Quote or decline it soon: customers often pick the first good answer.`,
    link: vendorLeadLink(f.requestId),
  };
}

/** To the customer: a pro quoted. */
export function quotedNotice(
  f: RequestFacts,
  pro: ProFacts,
  total: number,
  currency: string,
): NewNotification {
  return {
    userId: f.customerId,
    type: 'quote.received',
    title: 'New quote',
    body: `${pro.businessName} quoted ${money(total, currency)} for your ${f.category} job. Compare the quotes and accept one.`,
    link: customerRequestLink(f.requestId),
  };
}

/** To the customer: a pro declined, with why (as masked for the customer). */
export function declinedNotice(f: RequestFacts, pro: ProFacts, reason: string): NewNotification {
  return {
    userId: f.customerId,
    type: 'quote.declined',
    title: 'A pro declined your request',
    body: `${pro.businessName} will not quote your ${f.category} job: ${reason}`,
    link: customerRequestLink(f.requestId),
  };
}

/** To the pro: the customer made a counter-offer. */
export function counteredNotice(
  f: RequestFacts,
  pro: ProFacts,
  amount: number,
  currency: string,
): NewNotification {
  return {
    userId: pro.userId,
    type: 'quote.countered',
    title: 'Counter-offer',
    body: `${f.customerName} offers ${money(amount, currency)} for the ${f.category} job you quoted. Accept or decline it.`,
    link: vendorLeadLink(f.requestId),
  };
}

/** To the customer: the pro answered their counter-offer. */
export function counterAnsweredNotice(
  f: RequestFacts,
  pro: ProFacts,
  accepted: boolean,
  total: { amount: number; currency: string },
): NewNotification {
  return {
    userId: f.customerId,
    type: accepted ? 'quote.counter_accepted' : 'quote.counter_declined',
    title: accepted ? 'Counter-offer accepted' : 'Counter-offer declined',
    body: accepted
      ? `${pro.businessName} accepted your offer: the quote is now ${money(total.amount, total.currency)}.`
      : `${pro.businessName} declined your offer: their quote of ${money(total.amount, total.currency)} stands.`,
    link: customerRequestLink(f.requestId),
  };
}

/** To the pro: their quote was accepted (the order is theirs once the customer pays). */
export function acceptedNotice(f: RequestFacts, pro: ProFacts, startsAt: Date): NewNotification {
  return {
    userId: pro.userId,
    type: 'quote.accepted',
    title: 'Your quote was accepted',
    body: `${f.customerName} chose your quote for ${formatWhenZoned(startsAt, pro.timeZone)}. The booking is confirmed once they pay.`,
    link: vendorLeadLink(f.requestId),
  };
}

/** To a pro whose quote (or unanswered lead) another pro's quote beat. */
export function notChosenNotice(f: RequestFacts, pro: ProFacts): NewNotification {
  return {
    userId: pro.userId,
    type: 'quote.not_chosen',
    title: 'Not chosen',
    body: `${f.customerName} chose another pro for their ${f.category} job. Thanks for answering.`,
    link: vendorLeadLink(f.requestId),
  };
}

/** To a pro: the customer cancelled the request. */
export function cancelledNotice(f: RequestFacts, pro: ProFacts): NewNotification {
  return {
    userId: pro.userId,
    type: 'quote.request_cancelled',
    title: 'Request cancelled',
    body: `${f.customerName} cancelled their ${f.category} request: no need to quote it.`,
    link: vendorLeadLink(f.requestId),
  };
}

/** Both sides: a quote passed its `validUntil`. */
export function expiredNotices(f: RequestFacts, pro: ProFacts): NewNotification[] {
  return [
    {
      userId: f.customerId,
      type: 'quote.expired',
      title: 'A quote expired',
      body: `${pro.businessName}'s quote for your ${f.category} job expired. Ask them in a message if you still want it.`,
      link: customerRequestLink(f.requestId),
    },
    {
      userId: pro.userId,
      type: 'quote.expired',
      title: 'Your quote expired',
      body: `Your quote to ${f.customerName} (${f.category}) expired before they accepted it.`,
      link: vendorLeadLink(f.requestId),
    },
  ];
}

/** To the customer: the request closed after 7 days without an accepted quote. */
export function closedCustomerNotice(f: RequestFacts): NewNotification {
  return {
    userId: f.customerId,
    type: 'quote.request_closed',
    title: 'Your quote request closed',
    body: `Your ${f.category} request closed after 7 days without an accepted quote. Ask again any time.`,
    link: customerRequestLink(f.requestId),
  };
}

/** To the customer: every pro declined, so the request closed. */
export function allDeclinedNotice(f: RequestFacts): NewNotification {
  return {
    userId: f.customerId,
    type: 'quote.request_closed',
    title: 'No pro can take your request',
    body: `Every pro declined your ${f.category} request, so it is closed. Try other dates or ask again with more details.`,
    link: customerRequestLink(f.requestId),
  };
}

/** To a pro with a lead still open: the request closed. */
export function closedProNotice(f: RequestFacts, pro: ProFacts): NewNotification {
  return {
    userId: pro.userId,
    type: 'quote.request_closed',
    title: 'Request closed',
    body: `${f.customerName}'s ${f.category} request closed without a booking.`,
    link: vendorLeadLink(f.requestId),
  };
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
