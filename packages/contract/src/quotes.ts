import { z } from 'zod';
import { isoDate, isoDateTime, moneySchema, text, uuid } from './common';
import { QUOTE_RULES } from './quote-rules';
import { responseTimeSchema } from './response-time';

/**
 * Quotes: a customer describes a job that is not priced until a pro has seen it; up to 5
 * matched pros (or the one pro asked) quote it with line items and 1–3 slots; the customer may
 * ask a question (the pair's conversation), counter one quote once, and accepts one, which
 * becomes an order at the quoted total and goes through the usual checkout. Extras found on
 * site are change orders, charged only with the customer's approval.
 */

// Plain constants, in a module without zod: a page that shows only them (the search's "Get
// quotes" callout) then loads no schema.
export { CONTACT_MASKS, QUOTE_RULES } from './quote-rules';

export const quoteRequestStatusSchema = z.enum(['open', 'booked', 'closed', 'cancelled']);
export type QuoteRequestStatus = z.infer<typeof quoteRequestStatusSchema>;

export const quoteLeadStatusSchema = z.enum(['new', 'quoted', 'declined', 'not_chosen', 'closed']);
export type QuoteLeadStatus = z.infer<typeof quoteLeadStatusSchema>;

export const quoteStatusSchema = z.enum(['open', 'accepted', 'not_chosen', 'expired', 'withdrawn']);
export type QuoteStatus = z.infer<typeof quoteStatusSchema>;

export const counterStatusSchema = z.enum(['pending', 'accepted', 'declined']);
export type CounterStatus = z.infer<typeof counterStatusSchema>;

/** A preferred date range of the customer's (`from` before `to`). */
export const quoteWindowSchema = z
  .object({ from: isoDateTime, to: isoDateTime })
  .refine((w) => Date.parse(w.from) < Date.parse(w.to), {
    message: 'Each window must end after it starts',
    path: ['to'],
  });
export type QuoteWindow = z.infer<typeof quoteWindowSchema>;

/**
 * `POST /v1/quote-requests` (JSON, or multipart with the same fields — `windows` as JSON text —
 * and up to 6 `photos`): the job, where (a saved place or an address), 1–3 preferred date
 * ranges, an optional budget (minor units of the pro's currency), and optionally the one pro
 * asked (from their page).
 */
export const createQuoteRequestBodySchema = z
  .object({
    categorySlug: text().trim().min(1, 'Choose what kind of job it is'),
    description: text()
      .trim()
      .min(QUOTE_RULES.descriptionMin, 'Describe the job in at least 20 characters')
      .max(QUOTE_RULES.descriptionMax, 'Keep the description under 2000 characters'),
    placeId: uuid.optional(),
    address: text().trim().min(5, 'Enter the address where the job is').max(300).optional(),
    windows: z
      .array(quoteWindowSchema)
      .min(1, 'Give at least one date range that suits you')
      .max(QUOTE_RULES.maxWindows, 'Give at most 3 date ranges'),
    budget: z.number().int().positive('A budget must be more than 0').optional(),
    vendorId: uuid.optional(),
  })
  .refine((b) => b.placeId || b.address, {
    message: 'Choose a saved place or enter the address where the job is',
    path: ['address'],
  });
export type CreateQuoteRequestBody = z.infer<typeof createQuoteRequestBodySchema>;

/** One line of a quote: what it is and its price (minor units of the pro's currency). */
export const quoteLineItemSchema = z.object({
  description: text()
    .trim()
    .min(1, 'Describe each line')
    .max(200, 'Keep each line under 200 characters'),
  amount: z.number().int().positive('Each line must cost more than 0'),
});
export type QuoteLineItem = z.infer<typeof quoteLineItemSchema>;

/**
 * `POST /v1/quote-requests/{id}/quotes` (the lead's pro): the total is the sum of the line
 * items in the pro's currency; each slot must be free in the pro's calendar for
 * `durationMinutes`; the quote expires at `validUntil` (in the future; the request's own close
 * after 7 days withdraws it earlier).
 */
export const createQuoteBodySchema = z.object({
  lineItems: z
    .array(quoteLineItemSchema)
    .min(1, 'Add at least one line')
    .max(QUOTE_RULES.maxLineItems, 'Use at most 20 lines'),
  validUntil: isoDateTime,
  slots: z
    .array(isoDateTime)
    .min(1, 'Offer at least one time')
    .max(QUOTE_RULES.maxSlots, 'Offer at most 3 times'),
  durationMinutes: z
    .number()
    .int()
    .min(15, 'A job takes at least 15 minutes')
    .max(12 * 60, 'A quoted visit takes at most 12 hours'),
  message: text().trim().max(2000, 'Keep the message under 2000 characters').default(''),
});
export type CreateQuoteBody = z.infer<typeof createQuoteBodySchema>;

/** `POST /v1/quote-requests/{id}/decline` (the lead's pro): why, shown to the customer. */
export const declineQuoteRequestBodySchema = z.object({
  reason: text()
    .trim()
    .min(1, 'Say why you are declining')
    .max(500, 'Keep the reason under 500 characters'),
});
export type DeclineQuoteRequestBody = z.infer<typeof declineQuoteRequestBodySchema>;

/**
 * `POST /v1/quote-requests/{id}/counter` (the customer): one counter-offer per quote, `amount`
 * in minor units of the quote's currency, below the quote's total.
 */
export const counterQuoteBodySchema = z.object({
  quoteId: uuid,
  amount: z.number().int().positive('A counter-offer must be more than 0'),
  note: text().trim().max(500, 'Keep the note under 500 characters').default(''),
});
export type CounterQuoteBody = z.infer<typeof counterQuoteBodySchema>;

/** `POST /v1/quotes/{id}/accept` (the customer): one of the quote's slots. */
export const acceptQuoteBodySchema = z.object({ startsAt: isoDateTime });
export type AcceptQuoteBody = z.infer<typeof acceptQuoteBodySchema>;

/** `POST /v1/quote-requests/{id}/conversation`: the pair's conversation, linked to the request. */
export const quoteConversationBodySchema = z.object({
  /** The customer names the pro; a pro leaves it out (the request's customer is the other side). */
  vendorId: uuid.optional(),
});
export type QuoteConversationBody = z.infer<typeof quoteConversationBodySchema>;

/** A stored photo of a request or a change order (WebP, the image pipeline's). */
export const quotePhotoSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type QuotePhoto = z.infer<typeof quotePhotoSchema>;

/** The pro as the customer compares them. */
export const quoteVendorSchema = z.object({
  id: uuid,
  slug: z.string(),
  businessName: z.string(),
  avatarUrl: z.string().nullable(),
  ratingAverage: z.number(),
  ratingCount: z.number().int(),
  responseTime: responseTimeSchema.nullable(),
});
export type QuoteVendor = z.infer<typeof quoteVendorSchema>;

/** A customer's counter-offer on a quote. */
export const quoteCounterSchema = z.object({
  amount: moneySchema,
  note: z.string(),
  status: counterStatusSchema,
  at: isoDateTime,
});
export type QuoteCounter = z.infer<typeof quoteCounterSchema>;

/**
 * A quote as its customer and its pro see it. `total` is the sum of `lineItems`, or the
 * accepted counter-offer's amount; `price` is what the customer pays on acceptance (the total
 * plus the platform fee, as for slot bookings). `message` is masked for the customer until they
 * booked the pro (`CONTACT_MASKS`).
 */
export const quoteSchema = z.object({
  id: uuid,
  requestId: uuid,
  vendor: quoteVendorSchema,
  lineItems: z.array(quoteLineItemSchema),
  total: moneySchema,
  price: z.object({ subtotal: moneySchema, fee: moneySchema, total: moneySchema }),
  slots: z.array(isoDateTime),
  durationMinutes: z.number().int(),
  message: z.string(),
  validUntil: isoDateTime,
  status: quoteStatusSchema,
  counter: quoteCounterSchema.nullable(),
  /** The order of an accepted quote (the customer's checkout continues there). */
  orderId: uuid.nullable(),
  createdAt: isoDateTime,
});
export type Quote = z.infer<typeof quoteSchema>;

/** One pro a request went to, with their answer: a quote, a decline, or nothing yet. */
export const quoteRequestLeadSchema = z.object({
  id: uuid,
  vendor: quoteVendorSchema,
  /** The pro's currency (ISO 4217): their quote is priced in it. */
  currency: z.string().length(3),
  status: quoteLeadStatusSchema,
  declineReason: z.string().nullable(),
  quote: quoteSchema.nullable(),
});
export type QuoteRequestLead = z.infer<typeof quoteRequestLeadSchema>;

/**
 * A request: to its customer with every lead (quotes side by side); to a matched pro with only
 * their own lead. Text the other side wrote is masked (`CONTACT_MASKS`) until a paid order
 * exists between them.
 */
export const quoteRequestSchema = z.object({
  id: uuid,
  status: quoteRequestStatusSchema,
  category: z.object({ slug: z.string(), name: z.string() }),
  description: z.string(),
  address: z.string(),
  windows: z.array(z.object({ from: isoDateTime, to: isoDateTime })),
  budget: moneySchema.nullable(),
  photos: z.array(quotePhotoSchema),
  customer: z.object({ id: uuid, firstName: z.string() }),
  /** The one pro asked, when the request came from their page. */
  vendorId: uuid.nullable(),
  leads: z.array(quoteRequestLeadSchema),
  acceptedQuoteId: uuid.nullable(),
  closesAt: isoDateTime,
  createdAt: isoDateTime,
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** A row of the customer's `/user/quotes`. */
export const quoteRequestSummarySchema = z.object({
  id: uuid,
  status: quoteRequestStatusSchema,
  category: z.object({ slug: z.string(), name: z.string() }),
  /** The description's first line, shortened. */
  preview: z.string(),
  leadCount: z.number().int(),
  quoteCount: z.number().int(),
  /** The lowest open quote's total, if any. */
  lowest: moneySchema.nullable(),
  closesAt: isoDateTime,
  createdAt: isoDateTime,
});
export type QuoteRequestSummary = z.infer<typeof quoteRequestSummarySchema>;

/** `GET /v1/vendor/leads?status=` filter. */
export const vendorLeadsQuerySchema = z.object({ status: quoteLeadStatusSchema.optional() });
export type VendorLeadsQuery = z.infer<typeof vendorLeadsQuerySchema>;

/** A row of the pro's `/vendor/leads` (masked as the request is). */
export const vendorLeadSchema = z.object({
  id: uuid,
  requestId: uuid,
  status: quoteLeadStatusSchema,
  rank: z.number().int(),
  category: z.object({ slug: z.string(), name: z.string() }),
  preview: z.string(),
  customer: z.object({ firstName: z.string() }),
  /** The town or area of the job, not the street (the address is on the request). */
  area: z.string(),
  windows: z.array(z.object({ from: isoDateTime, to: isoDateTime })),
  budget: moneySchema.nullable(),
  photoCount: z.number().int(),
  /** Whether the request was sent to this pro alone. */
  direct: z.boolean(),
  quote: z
    .object({
      id: uuid,
      total: moneySchema,
      status: quoteStatusSchema,
      counter: quoteCounterSchema.nullable(),
    })
    .nullable(),
  closesAt: isoDateTime,
  createdAt: isoDateTime,
});
export type VendorLead = z.infer<typeof vendorLeadSchema>;

/** `GET /v1/vendor/free-slots`: starts free in the pro's calendar for a job this long. */
export const vendorFreeSlotsQuerySchema = z.object({
  durationMinutes: z.coerce
    .number()
    .int()
    .min(15)
    .max(12 * 60),
  from: isoDate.optional(),
  days: z.coerce.number().int().min(1).max(28).default(14),
});
export type VendorFreeSlotsQuery = z.infer<typeof vendorFreeSlotsQuerySchema>;

export const vendorFreeSlotsSchema = z.object({
  timeZone: z.string(),
  days: z.array(z.object({ date: z.string(), slots: z.array(isoDateTime) })),
});
export type VendorFreeSlots = z.infer<typeof vendorFreeSlotsSchema>;

/** `POST /v1/quotes/{id}/accept` answer: the order to pay in the usual checkout. */
export const acceptedQuoteSchema = z.object({ quote: quoteSchema, orderId: uuid });
export type AcceptedQuote = z.infer<typeof acceptedQuoteSchema>;

// —— Change orders ——

export const changeOrderStatusSchema = z.enum(['proposed', 'approved', 'declined', 'cancelled']);
export type ChangeOrderStatus = z.infer<typeof changeOrderStatusSchema>;

/**
 * `POST /v1/orders/{id}/change-orders` (the order's pro, while it is `accepted` or
 * `in_progress`; JSON, or multipart with the same fields and up to 6 `photos`).
 */
export const createChangeOrderBodySchema = z.object({
  description: text()
    .trim()
    .min(5, 'Describe the extra work in at least 5 characters')
    .max(1000, 'Keep the description under 1000 characters'),
  amount: z.number().int().positive('An extra must cost more than 0'),
});
export type CreateChangeOrderBody = z.infer<typeof createChangeOrderBodySchema>;

/**
 * An extra on an order: `amount` (the pro's) plus `fee` = `total` authorised on the customer's
 * card when they approve (`payment`, confirmed like a checkout), captured with the order.
 */
export const changeOrderSchema = z.object({
  id: uuid,
  orderId: uuid,
  description: z.string(),
  amount: moneySchema,
  fee: moneySchema,
  total: moneySchema,
  photos: z.array(quotePhotoSchema),
  status: changeOrderStatusSchema,
  /** The approval's payment, while being confirmed or once authorised. */
  paymentId: uuid.nullable(),
  createdAt: isoDateTime,
  decidedAt: isoDateTime.nullable(),
});
export type ChangeOrder = z.infer<typeof changeOrderSchema>;

export const changeOrderParamsSchema = z.object({ id: uuid, changeOrderId: uuid });
