/**
 * The vendor's own area: onboarding, vetting documents, services and their images,
 * availability, earnings and payouts. Money is integer minor units; times are ISO 8601.
 */
import { z } from 'zod';
import {
  galleryImageSchema,
  categoryRefSchema,
  vendorDetailSchema,
  vettingStatusSchema,
} from './catalogue';
import {
  isoDate,
  isoDateTime,
  moneySchema,
  pageQuerySchema,
  pagedSchema,
  text,
  uuid,
} from './common';

/** Hold between a job's completion and its earnings becoming available for payout (days). */
export const PAYOUT_HOLD_DAYS = 7;
/** Largest vetting document accepted (bytes): 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Content types a vetting document may have (checked by magic bytes, not by the name). */
export const DOCUMENT_CONTENT_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'application/pdf',
] as const;
/** Images a service may have. */
export const SERVICE_IMAGES_MAX = 10;

/** Kinds of vetting document. Identity and insurance are required to submit; a licence is optional. */
export const documentKindSchema = z.enum(['identity', 'insurance', 'licence']);
export type DocumentKind = z.infer<typeof documentKindSchema>;
/** Document kinds a vendor must upload before submitting for review. */
export const REQUIRED_DOCUMENT_KINDS = ['identity', 'insurance'] as const;

/** Service radius bounds (km). */
const radiusKm = z
  .number()
  .min(1, 'Service radius must be at least 1 km')
  .max(500, 'Service radius must be at most 500 km');

/**
 * The business a pro signs up with (`POST /v1/auth/signup` with `role: 'vendor'`). `city` is
 * resolved offline from the city dataset (coordinates and IANA time zone); send `lat`/`lng`
 * from the city picker to skip the lookup.
 */
export const vendorBusinessSchema = z.object({
  businessName: text().trim().min(2, 'Enter your business name').max(80),
  primaryCategorySlug: text().trim().min(1, 'Choose your main category').max(64),
  city: text().trim().min(1, 'Enter your city').max(100),
  country: text().trim().length(2, 'Use a 2-letter country code').toUpperCase().optional(),
  lat: z.number().min(-90).max(90).optional(),
  lng: z.number().min(-180).max(180).optional(),
  serviceRadiusKm: radiusKm.default(25),
});
export type VendorBusiness = z.input<typeof vendorBusinessSchema>;

/** `PUT /v1/vendor/profile` body: the names of `vendorDetailSchema`. */
export const updateVendorProfileBodySchema = z
  .object({
    businessName: text().trim().min(2, 'Enter your business name').max(80),
    tagline: text().trim().max(120).default(''),
    bio: text().trim().max(2000).default(''),
    primaryCategorySlug: text().trim().min(1, 'Choose your main category').max(64),
    city: text().trim().min(1, 'Enter your city').max(100),
    country: text().trim().length(2, 'Use a 2-letter country code').toUpperCase(),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    serviceRadiusKm: radiusKm,
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), {
    message: 'Send lat and lng together',
    path: ['lat'],
  });
export type UpdateVendorProfileBody = z.input<typeof updateVendorProfileBodySchema>;

/** One vetting document as its owner (or an admin) sees it; never a public URL. */
export const vendorDocumentSchema = z.object({
  id: uuid,
  kind: documentKindSchema,
  fileName: z.string(),
  contentType: z.enum(DOCUMENT_CONTENT_TYPES),
  /** Bytes. */
  sizeBytes: z.number().int(),
  createdAt: isoDateTime,
});
export type VendorDocument = z.infer<typeof vendorDocumentSchema>;

/** One step of the onboarding checklist at `/vendor`. */
export const onboardingStepSchema = z.object({
  key: z.enum(['profile', 'services', 'availability', 'documents', 'submit']),
  done: z.boolean(),
  /** What is still missing, in words the vendor can act on (empty when done). */
  missing: z.array(z.string()),
});
export type OnboardingStep = z.infer<typeof onboardingStepSchema>;

/**
 * `GET /v1/vendor/profile`: the signed-in vendor's own profile in any vetting state, the reason
 * of the last rejection or suspension, and the onboarding checklist.
 */
export const vendorOwnProfileSchema = z.object({
  profile: vendorDetailSchema,
  vettingStatus: vettingStatusSchema,
  /** Why the vendor was rejected or suspended; null otherwise. */
  vettingReason: z.string().nullable(),
  submittedAt: isoDateTime.nullable(),
  checklist: z.array(onboardingStepSchema),
  /** True when every step but `submit` is done and the status allows submitting. */
  canSubmit: z.boolean(),
  documents: z.array(vendorDocumentSchema),
});
export type VendorOwnProfile = z.infer<typeof vendorOwnProfileSchema>;

/** Service body of `POST /v1/vendor/services` (names of `serviceSchema`; price in minor units). */
export const vendorServiceBodySchema = z.object({
  categorySlug: text().trim().min(1, 'Choose a category').max(64),
  title: text().trim().min(3, 'Title must be at least 3 characters').max(80),
  description: text().trim().min(10, 'Description must be at least 10 characters').max(2000),
  price: z.object({
    amount: z
      .number()
      .int('Price must be in whole minor units')
      .min(100, 'Price must be at least 1.00')
      .max(10_000_000),
    currency: text()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code such as USD'),
  }),
  durationMinutes: z
    .number()
    .int()
    .min(15, 'Duration must be at least 15 minutes')
    .max(720, 'Duration must be at most 12 hours')
    .refine((m) => m % 15 === 0, 'Duration must be a multiple of 15 minutes'),
  active: z.boolean().default(true),
});
export type VendorServiceBody = z.input<typeof vendorServiceBodySchema>;
/** `PATCH /v1/vendor/services/{id}` body: any of the create fields. */
export const updateVendorServiceBodySchema = vendorServiceBodySchema.partial();
export type UpdateVendorServiceBody = z.input<typeof updateVendorServiceBodySchema>;

/** A service as its vendor sees it: with `active`, archive state and every image. */
export const vendorServiceSchema = z.object({
  id: uuid,
  vendorId: uuid,
  category: categoryRefSchema,
  title: z.string(),
  description: z.string(),
  price: moneySchema,
  durationMinutes: z.number().int(),
  active: z.boolean(),
  /** Set when deleted while it had orders: kept for their records, not listed or editable. */
  archivedAt: isoDateTime.nullable(),
  coverImageUrl: z.string().nullable(),
  images: z.array(galleryImageSchema),
  /** Orders not yet completed or cancelled (deleting archives instead when any exist). */
  upcomingOrderCount: z.number().int(),
  createdAt: isoDateTime,
});
export type VendorService = z.infer<typeof vendorServiceSchema>;

/** `DELETE /v1/vendor/services/{id}` answer: deleted outright, or archived because it has orders. */
export const deleteVendorServiceResultSchema = z.object({
  id: uuid,
  outcome: z.enum(['deleted', 'archived']),
});

/** `PATCH /v1/vendor/services/{id}/images/{imageId}` body. */
export const updateServiceImageBodySchema = z.object({
  alt: text().trim().max(200),
});
/** `PUT /v1/vendor/services/{id}/images/order` body: every image id of the service, in the new order. */
export const reorderServiceImagesBodySchema = z.object({
  imageIds: z.array(uuid).min(1).max(SERVICE_IMAGES_MAX),
});

/** A local time of day, `HH:MM` (24 h); `24:00` ends a range at midnight. */
const timeOfDay = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Use a time such as 09:00');

/** A range of local time in one day; `start` before `end`. */
export const timeRangeSchema = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((r) => r.start < r.end, { message: 'End must be after start', path: ['end'] });

/** Opening hours on one weekday: 0 = Sunday … 6 = Saturday; several ranges a day allowed. */
export const weeklyRangeSchema = z
  .object({ weekday: z.number().int().min(0).max(6), start: timeOfDay, end: timeOfDay })
  .refine((r) => r.start < r.end, { message: 'End must be after start', path: ['end'] });

/** A date whose hours differ from the week: closed, or open in these ranges instead. */
export const availabilityExceptionSchema = z.union([
  z.object({ date: isoDate, closed: z.literal(true) }),
  z.object({ date: isoDate, ranges: z.array(timeRangeSchema).min(1).max(6) }),
]);
export type AvailabilityException = z.infer<typeof availabilityExceptionSchema>;

/**
 * `GET/PUT /v1/vendor/availability`. Times are local to `timeZone` (IANA). Ranges of one weekday
 * or exception must not overlap. `minNoticeMinutes`: earliest slot after now; `bufferMinutes`:
 * free time after each booking; `horizonDays`: how far ahead slots are offered.
 */
export const availabilitySchema = z.object({
  timeZone: z.string().min(1).max(64),
  weekly: z.array(weeklyRangeSchema).max(7 * 6),
  exceptions: z.array(availabilityExceptionSchema).max(366),
  minNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .max(60 * 24 * 14),
  bufferMinutes: z.number().int().min(0).max(240),
  horizonDays: z.number().int().min(1).max(366),
});
export type Availability = z.infer<typeof availabilitySchema>;

/** One figure of the earnings dashboard per currency (minor units). */
export const earningsBalanceSchema = z.object({
  currency: z.string(),
  /**
   * Not yet available ("pending"): paid by customers for jobs not completed yet, plus
   * completed jobs still inside the `PAYOUT_HOLD_DAYS` hold (that part is `onHold`).
   */
  pending: z.number().int(),
  /** The part of `pending` whose job is completed and waits out the hold. */
  onHold: z.number().int(),
  /**
   * Completed jobs past the hold, minus payouts and what is owed: what `POST /v1/vendor/payouts`
   * can move out. Never negative (a shortfall is `owed`).
   */
  available: z.number().int(),
  /**
   * What the pro owes Vetted: refunds recovered from them after their share was paid out, beyond
   * what is available. It comes off their next earnings before any payout; 0 when nothing is owed.
   */
  owed: z.number().int(),
  paidOut: z.number().int(),
  /** When the oldest held amount becomes available; null when nothing is on hold. */
  nextAvailableAt: isoDateTime.nullable(),
});
export type EarningsBalance = z.infer<typeof earningsBalanceSchema>;

/** One ledger posting behind the earnings (vendor payable only), newest first. */
export const earningsEntrySchema = z.object({
  id: uuid,
  /** `vendor_payable` (a booking's share), `tip`, `refund` or `payout`. */
  kind: z.enum(['vendor_payable', 'tip', 'refund', 'payout']),
  /** Minor units, positive when owed to the vendor, negative when it reduces what is owed. */
  amount: z.number().int(),
  currency: z.string(),
  /** Which figure it counts towards now. */
  bucket: z.enum(['pending', 'on_hold', 'available', 'paid_out']),
  orderId: uuid.nullable(),
  orderReference: z.string().nullable(),
  payoutId: uuid.nullable(),
  /**
   * Why, when the pro is told: the reason of a refund Vetted recovered from them, or the words
   * of an extra added during the job (`Extra: …`, on its `vendor_payable` line); else null.
   */
  note: z.string().nullable(),
  createdAt: isoDateTime,
});
export type EarningsEntry = z.infer<typeof earningsEntrySchema>;

/** `GET /v1/vendor/earnings` query: a page of entries (the figures are always whole). */
export const earningsQuerySchema = pageQuerySchema;

/** `GET /v1/vendor/earnings`: figures per currency from the ledger, and the entries behind them. */
export const earningsSchema = z.object({
  currencies: z.array(earningsBalanceSchema),
  entries: z.array(earningsEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  holdDays: z.number().int(),
});
export type Earnings = z.infer<typeof earningsSchema>;

/** `POST /v1/vendor/payouts` body: pay out everything available in `currency`, or `amount` of it. */
export const createPayoutBodySchema = z.object({
  currency: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, 'Use a 3-letter currency code such as USD'),
  amount: z.number().int().positive().optional(),
});
export type CreatePayoutBody = z.input<typeof createPayoutBodySchema>;

export const payoutSchema = z.object({
  id: uuid,
  amount: z.number().int(),
  currency: z.string(),
  status: z.enum(['pending', 'paid', 'failed']),
  provider: z.string(),
  failureMessage: z.string().nullable(),
  paidAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Payout = z.infer<typeof payoutSchema>;
export const payoutPageSchema = pagedSchema(payoutSchema);
export type EarningsQuery = z.input<typeof earningsQuerySchema>;
export type PayoutListQuery = z.input<typeof pageQuerySchema>;
export type ReorderServiceImagesBody = z.infer<typeof reorderServiceImagesBodySchema>;
export type UpdateServiceImageBody = z.infer<typeof updateServiceImageBodySchema>;
export type DeleteVendorServiceResult = z.infer<typeof deleteVendorServiceResultSchema>;
