/**
 * Drizzle schema: ARCHITECTURE §3. Money is integer minor units + ISO 4217 currency; times are
 * timestamptz; ids are UUIDs (v7 where insertion order matters, generated in code).
 */
// Enum values shared with the API contract come from it, so the two cannot drift.
import {
  conversationKindSchema,
  conversationStatusSchema,
  orderStatusSchema,
  paymentStatusSchema,
  roleSchema,
  vettingStatusSchema,
} from '@vetted/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** A zod enum's values as the non-empty tuple `pgEnum` wants (zod types them as a plain array). */
function values<T extends string>(schema: { options: readonly T[] }): [T, ...T[]] {
  return schema.options as [T, ...T[]];
}

/** PostgreSQL `tsvector` (full-text search document). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * earthdistance's `earth`: a point on the earth as a 3-D cube (metres from the earth's centre).
 * Read only in SQL (distances, GiST order); the driver hands it over as text.
 */
const earth = customType<{ data: string }>({ dataType: () => 'earth' });

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const roleEnum = pgEnum('role', values(roleSchema));
export const userStatusEnum = pgEnum('user_status', ['active', 'suspended']);
export const otpPurposeEnum = pgEnum('otp_purpose', [
  'signup',
  'login',
  'email_change',
  'password_reset',
  'account_deletion',
]);
export const vettingStatusEnum = pgEnum('vetting_status', values(vettingStatusSchema));
export const orderStatusEnum = pgEnum('order_status', values(orderStatusSchema));
export const paymentStatusEnum = pgEnum('payment_status', values(paymentStatusSchema));
export const conversationKindEnum = pgEnum('conversation_kind', values(conversationKindSchema));
export const conversationStatusEnum = pgEnum(
  'conversation_status',
  values(conversationStatusSchema),
);

export const users = pgTable('users', {
  id: uuid('id').primaryKey(),
  role: roleEnum('role').notNull().default('customer'),
  email: text('email').notNull().unique(),
  phone: text('phone'),
  fullName: text('full_name').notNull(),
  avatarKey: text('avatar_key'),
  passwordHash: text('password_hash').notNull(),
  emailVerifiedAt: ts('email_verified_at'),
  status: userStatusEnum('status').notNull().default('active'),
  /** Set when the account was deleted: personal fields are anonymised, orders are kept. */
  deletedAt: ts('deleted_at'),
  createdAt: createdAt(),
});

export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: otpPurposeEnum('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    lastSentAt: ts('last_sent_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('otp_challenges_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 hex of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull().unique(),
    /** All tokens rotated from one login share a family; reuse of a used one revokes it. */
    familyId: uuid('family_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    replacedBy: uuid('replaced_by'),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId)],
);

/**
 * A signed-in session: one per verified code. Its id is the refresh-token family
 * (`refresh_tokens.family_id`) and the `sid` claim of its access tokens, so revoking it (logout,
 * refresh-token reuse, password reset) stops both at once.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/**
 * One wrong one-time code: the per-address limit (10 an hour across every challenge
 * of the address) counts these rows. Keyed by address, so unknown addresses count alike.
 */
export const otpFailures = pgTable(
  'otp_failures',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    challengeId: uuid('challenge_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('otp_failures_email_idx').on(t.email, t.createdAt)],
);

/**
 * A challenge whose code was never sent: the answer to a sign-up with a taken address
 * or a password reset for an unknown one. It behaves like a real challenge (attempts, expiry,
 * resend cooldown) but never verifies, so answers do not tell whether an address has an account.
 */
export const otpDecoys = pgTable('otp_decoys', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull(),
  purpose: otpPurposeEnum('purpose').notNull(),
  attempts: smallint('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  lastSentAt: ts('last_sent_at').notNull().defaultNow(),
  createdAt: createdAt(),
});

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  icon: text('icon').notNull(),
  sort: integer('sort').notNull().default(0),
});

export const vendorProfiles = pgTable(
  'vendor_profiles',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    businessName: text('business_name').notNull(),
    tagline: text('tagline').notNull().default(''),
    bio: text('bio').notNull().default(''),
    primaryCategoryId: uuid('primary_category_id').references(() => categories.id),
    vettingStatus: vettingStatusEnum('vetting_status').notNull().default('pending'),
    ratingAverage: doublePrecision('rating_average').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    lat: doublePrecision('lat').notNull().default(0),
    lng: doublePrecision('lng').notNull().default(0),
    address: text('address').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default(''),
    serviceRadiusKm: doublePrecision('service_radius_km').notNull().default(25),
    timeZone: text('time_zone').notNull().default('UTC'),
    coverImageKey: text('cover_image_key'),
    /** Why the last review rejected or suspended the vendor (shown to them). */
    vettingReason: text('vetting_reason'),
    /** When the vendor last submitted the profile for review. */
    submittedAt: ts('submitted_at'),
    /** When the vetting status last changed. */
    vettingUpdatedAt: ts('vetting_updated_at'),
    /** Slots start at least this long after now (minutes). */
    minNoticeMinutes: integer('min_notice_minutes').notNull().default(60),
    /** Free time kept after each booking before the next slot (minutes). */
    bufferMinutes: integer('buffer_minutes').notNull().default(0),
    /** How many days ahead slots are offered. */
    horizonDays: integer('horizon_days').notNull().default(366),
    /**
     * What text search matches: business name, tagline, category names, service titles and
     * descriptions, kept up to date by the catalogue domain whenever one of them changes.
     */
    searchText: text('search_text').notNull().default(''),
    /** English-stemmed `search_text` (generated by PostgreSQL). */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', search_text)`),
    /**
     * English-stemmed business name (generated): the name term of text relevance ("Speed":
     * read from the row instead of stemming every match's name at search time).
     */
    nameVector: tsvector('name_vector')
      .notNull()
      .generatedAlwaysAs(sql`to_tsvector('english', business_name)`),
    /**
     * Currencies of the vendor's active services, sorted, kept with `search_text` by the
     * catalogue domain ("Speed": the local-currency filter reads the row, not the services).
     */
    serviceCurrencies: text('service_currencies').array().notNull().default(sql`'{}'::text[]`),
    /**
     * The categories the vendor is in besides its primary one — listed in vendor_categories or
     * holding an active service (catalogue `vendorInCategorySql`), sorted; kept with
     * `search_text` by the catalogue domain ("Speed": a category filter reads the row).
     */
    otherCategoryIds: uuid('other_category_ids').array().notNull().default(sql`'{}'::uuid[]`),
    /**
     * `ll_to_earth(lat, lng)` (generated): what the GiST index `vendor_profiles_earth_idx` holds
     * and distances are measured from ("Speed": no trigonometry per match at search time).
     */
    earth: earth('earth').notNull().generatedAlwaysAs(sql`ll_to_earth(lat, lng)`),
    /**
     * The public profile's path segment (`/pros/:slug`): the business name in kebab case plus a
     * short id, e.g. `demo-plumbing-co-3fa2c1`. Null until first set by the vendors domain; the
     * slugs it had before live in `vendor_slug_redirects` (old links answer 301).
     */
    slug: text('slug').unique(),
    /**
     * Response time over the last 90 days (vendors `response-times` job, hourly): the median
     * minutes from a customer's message to the pro's first answer, null without an answered one;
     * the share answered within 4 hours (basis points; null without a sample); how many customer
     * messages it was measured on; when it was computed.
     */
    responseMinutesMedian: integer('response_minutes_median'),
    responseWithin4hBps: integer('response_within_4h_bps'),
    responseSampleSize: integer('response_sample_size').notNull().default(0),
    responseComputedAt: ts('response_computed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_profiles_status_idx').on(t.vettingStatus),
    index('vendor_profiles_search_vector_idx').using('gin', t.searchVector),
    index('vendor_profiles_search_text_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // With the id: a category's vendors, index-only.
    index('vendor_profiles_category_idx').on(t.primaryCategoryId, t.id),
    index('vendor_profiles_lat_lng_idx').on(t.lat, t.lng),
    // Search at scale: within a radius and nearest first (earthdistance on cube's GiST).
    index('vendor_profiles_earth_idx').using('gist', t.earth),
    // Search at scale: the few vendors in a category other than their primary one.
    index('vendor_profiles_other_categories_idx').using('gin', t.otherCategoryIds),
    // Search at scale: approved vendors of a category, index-only. The category alone: its
    // entries deduplicate into posting lists (~6 MB at 1,000,000 vendors), so a category is
    // counted from ~60 pages instead of ~23,000 with (category, id).
    index('vendor_profiles_approved_category_idx')
      .on(t.primaryCategoryId)
      .where(sql`vetting_status = 'approved'`),
    // Type-ahead on business names: words starting with what was typed.
    index('vendor_profiles_name_words_idx').using(
      'gin',
      sql`to_tsvector('simple'::regconfig, ${t.businessName})`,
    ),
  ],
);

export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** Minor units. */
    price: integer('price').notNull(),
    currency: text('currency').notNull().default('USD'),
    durationMinutes: integer('duration_minutes').notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * Set when the vendor deleted a service that has orders: it is kept for those orders'
     * records but no longer listed, bookable or editable.
     */
    archivedAt: ts('archived_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('services_vendor_idx').on(t.vendorId),
    index('services_category_idx').on(t.categoryId),
    // Search at scale: the vendors of a category, index-only.
    index('services_category_vendor_idx').on(t.categoryId, t.vendorId).where(sql`active`),
    // Type-ahead on service titles: words starting with what was typed.
    index('services_title_words_idx').using(
      'gin',
      sql`to_tsvector('simple'::regconfig, ${t.title})`,
    ),
  ],
);

export const serviceImages = pgTable(
  'service_images',
  {
    id: uuid('id').primaryKey(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    /** Storage key of the full-size WebP; the thumbnail is `<key>.thumb.webp`. */
    storageKey: text('storage_key').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    alt: text('alt').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('service_images_service_idx').on(t.serviceId)],
);

/** Weekly opening hours in the vendor's time zone. weekday: 0 = Sunday … 6 = Saturday. */
export const availabilityRules = pgTable(
  'availability_rules',
  {
    id: uuid('id').primaryKey(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    /** Minutes after local midnight. */
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [index('availability_rules_vendor_idx').on(t.vendorId)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    address: text('address').notNull(),
    notes: text('notes'),
    subtotal: integer('subtotal').notNull(),
    fee: integer('fee').notNull(),
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    status: orderStatusEnum('status').notNull().default('pending_payment'),
    idempotencyKey: text('idempotency_key'),
    /** Holds the slot until then while unpaid; an unpaid order past it no longer blocks the slot. */
    holdExpiresAt: ts('hold_expires_at'),
    /**
     * The 4-digit start-of-job code, set on accept. Stored in plain text on
     * purpose: the customer's order page must show it, and hashing 10 000 possible values
     * protects nothing; guessing is limited by `startCodeFailures` instead.
     */
    startCode: text('start_code'),
    /** Wrong start codes entered since the last lock-out (see domains/orders/policy.ts). */
    startCodeFailures: integer('start_code_failures').notNull().default(0),
    /** After too many wrong start codes, `start` is refused until then. */
    startCodeLockedUntil: ts('start_code_locked_until'),
    /** The slot before the last reschedule, kept so the vendor can decline the new time. */
    previousStartsAt: ts('previous_starts_at'),
    previousEndsAt: ts('previous_ends_at'),
    rescheduledAt: ts('rescheduled_at'),
    /** The pro's latest "On my way" (server clock) and the ETA given then, in minutes. */
    onMyWayAt: ts('on_my_way_at'),
    onMyWayEtaMinutes: integer('on_my_way_eta_minutes'),
    /** The recurring plan this order is a visit of (null for a one-off booking). */
    planId: uuid('plan_id').references((): AnyPgColumn => plans.id),
    /** Which visit of its plan, from 1 ("Visit 3 of a weekly plan"). */
    planVisit: integer('plan_visit'),
    /** The accepted quote this order books (null for a slot booking). */
    quoteId: uuid('quote_id').references((): AnyPgColumn => quotes.id),
    /**
     * The quote's line items `[{ description, amount }]` (minor units; their sum is `subtotal`,
     * or the accepted counter-offer replaced them with one line); null for a slot booking.
     */
    lineItems: jsonb('line_items'),
    /**
     * A no-show: `customer` when the pro marked "Customer not there", `vendor` when the customer
     * reported the pro did not come; `noShowAt` is when it was recorded (server clock).
     */
    noShowBy: text('no_show_by', { enum: ['customer', 'vendor'] }),
    noShowAt: ts('no_show_at'),
    /** When the customer disputed a no-show fee to support (allowed within 48 h). */
    noShowDisputedAt: ts('no_show_disputed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_vendor_idx').on(t.vendorId, t.createdAt),
    uniqueIndex('orders_customer_idempotency_uq').on(t.customerId, t.idempotencyKey),
    // One order per visit of a plan: the visit-creating job may run twice.
    uniqueIndex('orders_plan_visit_uq').on(t.planId, t.planVisit),
    // One live order per vendor slot: a taken slot is refused by the database itself.
    uniqueIndex('orders_vendor_slot_live_uq')
      .on(t.vendorId, t.startsAt)
      .where(sql`status in ('paid', 'accepted', 'in_progress', 'completed')`),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: orderStatusEnum('status').notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    provider: text('provider').notNull(),
    /**
     * `order`: the booking's charge; `tip`: a tip after completion, all of it the vendor's;
     * `change_order`: an extra the customer approved during the job (`change_orders.payment_id`).
     */
    kind: text('kind').notNull().default('order'),
    providerRef: text('provider_ref'),
    status: paymentStatusEnum('status').notNull().default('requires_payment'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    cardLast4: text('card_last4'),
    failureMessage: text('failure_message'),
    /**
     * The provider idempotency key of the current authorisation attempt,
     * `payment:<id>:authorize:<attempt>`: stored (and committed) BEFORE the provider is called,
     * so a repeated or concurrent confirm reaches the provider with the same key.
     */
    idempotencyKey: text('idempotency_key'),
    /** Authorisation attempt, from 1; a new attempt (a new provider key) starts only after a decline. */
    attempt: integer('attempt').notNull().default(1),
    authorizedAt: ts('authorized_at'),
    /** Set when the provider confirmed the capture of `amount`. */
    capturedAt: ts('captured_at'),
    /**
     * The saved card an off-session authorisation used (a plan's visit), null when the customer
     * entered the card in checkout.
     */
    savedPaymentMethodId: uuid('saved_payment_method_id'),
    /** Set when the provider confirmed the void of the authorisation. */
    voidedAt: ts('voided_at'),
    /** Minor units the provider confirmed as refunded. */
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** Refunds requested so far (numbers the refund jobs: `payment:<id>:refund:<n>`). */
    refundCount: integer('refund_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

/**
 * The sandbox provider's fake bank: what the "card network" did, in our database
 * so it survives a crash of the API process. A repeated idempotency key of one operation type
 * returns the first row: money never moves twice. No foreign keys: it stands for an external
 * system that knows our payment id only as metadata.
 */
export const sandboxBankEvents = pgTable(
  'sandbox_bank_events',
  {
    id: uuid('id').primaryKey(),
    /** The charge (authorisation) reference, `sbx_ch_…`; refunds carry their charge's ref. */
    ref: text('ref').notNull(),
    paymentId: uuid('payment_id'),
    /** `authorization` | `capture` | `void` | `refund` | `payout`. */
    type: text('type').notNull(),
    /** `succeeded` or `declined` (authorisations only). */
    status: text('status').notNull().default('succeeded'),
    /** Minor units. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    last4: text('last4'),
    /** Decline code (`card_declined`, `insufficient_funds`) of a declined authorisation. */
    declineCode: text('decline_code'),
    /** Test-card behaviour of the charge, e.g. `refund_fails`. */
    behaviour: text('behaviour'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_bank_events_type_key_uq').on(t.type, t.idempotencyKey),
    index('sandbox_bank_events_ref_idx').on(t.ref),
    index('sandbox_bank_events_payment_idx').on(t.paymentId),
    index('sandbox_bank_events_created_idx').on(t.createdAt),
  ],
);

/**
 * Double-entry ledger: every money movement of an order as postings whose amounts
 * (minor units, signed: debit +, credit −) sum to zero per order and currency. Accounts:
 * `customer_card`, `platform_fee`, `vendor_payable`, `refunds`, `payouts`, `platform_clearing`,
 * `platform_goodwill` (the platform's expense for a refund it bears so the pro keeps their
 * share: an admin's goodwill refund; a refund recovered from the pro debits `vendor_payable`).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey(),
    /** The order the money belongs to; null for a payout, which is the vendor's, not an order's. */
    orderId: uuid('order_id').references(() => orders.id),
    /** The vendor whose payable the posting concerns, if any (earnings read it directly). */
    vendorId: uuid('vendor_id').references(() => vendorProfiles.id),
    /** The payout of a `payout` posting. */
    payoutId: uuid('payout_id').references(() => payouts.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    account: text('account').notNull(),
    /** Minor units; debit positive, credit negative. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** `charge` | `platform_fee` | `vendor_payable` | `refund` | `payout`. */
    kind: text('kind').notNull(),
    /** What the pro is told about the line: the reason of a refund recovered from them; else null. */
    note: text('note'),
    /** Unique per posting line: a redelivered posting set inserts nothing. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_order_idx').on(t.orderId),
    index('ledger_entries_payment_idx').on(t.paymentId),
    index('ledger_entries_vendor_idx').on(t.vendorId, t.createdAt),
  ],
);

/**
 * A vendor's payout: available earnings moved out through the payment provider (sandbox:
 * its fake bank; Stripe: a Connect transfer). Amount in minor units. status: `pending` (written,
 * provider not yet confirmed) | `paid` | `failed`.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    status: text('status').notNull().default('pending'),
    failureMessage: text('failure_message'),
    /** The request's `Idempotency-Key`, if sent: a repeat returns the first payout. */
    idempotencyKey: text('idempotency_key'),
    paidAt: ts('paid_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payouts_vendor_idx').on(t.vendorId, t.createdAt),
    uniqueIndex('payouts_vendor_idempotency_uq').on(t.vendorId, t.idempotencyKey),
  ],
);

/**
 * Slugs a vendor's public profile had before (`/pros/:slug`): a request for one answers 301 to
 * the current slug, so shared links and search-engine entries keep working after a rename.
 */
export const vendorSlugRedirects = pgTable(
  'vendor_slug_redirects',
  {
    slug: text('slug').primaryKey(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('vendor_slug_redirects_vendor_idx').on(t.vendorId)],
);

/**
 * Where a vendor's payouts go (one per vendor). kind: `bank_account` (the sandbox provider: an
 * IBAN, or a US routing + account number, checked by a validation library) | `stripe_connect`
 * (a Stripe Express connected account; payouts are transfers to it). Only the last four digits
 * of an account number are kept. status: `pending` (Stripe onboarding not finished) |
 * `verified` (payouts may go there) | `restricted` (Stripe disabled payouts on it).
 */
export const payoutAccounts = pgTable('payout_accounts', {
  vendorId: uuid('vendor_id')
    .primaryKey()
    .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull(),
  status: text('status').notNull().default('pending'),
  /** ISO 3166-1 alpha-2 country of the bank account. */
  country: text('country').notNull().default(''),
  /** The account holder's name, as entered. */
  holderName: text('holder_name').notNull().default(''),
  /** Last four digits of the IBAN or account number ("•••• 6789"). */
  last4: text('last4').notNull().default(''),
  /** US routing number (ABA), which is public; null for an IBAN or a Stripe account. */
  routingNumber: text('routing_number'),
  /** Stripe connected account id (`acct_…`) for `stripe_connect`. */
  stripeAccountId: text('stripe_account_id').unique(),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Responses of requests sent with an `Idempotency-Key` header, per user and key:
 * a replay with the same body gets the first response; another body with the key gets 422.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The operation, e.g. `payments.confirm`. */
    scope: text('scope').notNull(),
    /** SHA-256 hex of the operation and its request body. */
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is in flight. */
    statusCode: integer('status_code'),
    /** `{ data }` of a success or `{ error }` of a refusal. */
    response: jsonb('response'),
    /** When the in-flight request took the key; a stale lock may be taken over. */
    lockedAt: ts('locked_at'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    rating: smallint('rating').notNull(),
    body: text('body').notNull().default(''),
    /** The vendor's one public reply. */
    replyBody: text('reply_body'),
    repliedAt: ts('replied_at'),
    createdAt: createdAt(),
  },
  (t) => [index('reviews_vendor_idx').on(t.vendorId, t.createdAt)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_user_idx').on(t.userId, t.createdAt)],
);

/**
 * The transactional outbox (ARCHITECTURE §1a): every side effect of a state change (mail,
 * notification, realtime event, capture, void, refund, ledger posting…) is a row written in the
 * same transaction as the change, with the pg-boss job that delivers it (`src/jobs/engine.ts`;
 * job id = row id). The row is the lasting record; delivered rows are deleted after
 * `OUTBOX_RETENTION_DAYS`.
 */
export const outbox = pgTable(
  'outbox',
  {
    /** UUIDv7; also the id of what the delivery creates where it creates a row (a notification). */
    id: uuid('id').primaryKey(),
    /** Job name (its pg-boss queue), e.g. `mail`, `notification`, `realtime`, `payment.capture`. */
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /**
     * Unique per side effect: a second enqueue with the same key is a no-op, and the handler
     * passes it on (e.g. as the provider's idempotency key), so a redelivery changes nothing.
     */
    idempotencyKey: text('idempotency_key').unique(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Not before this time: the job's start, then its next retry (pg-boss backoff). */
    dueAt: ts('due_at').notNull().defaultNow(),
    /** When and by which instance the last delivery attempt started (pg-boss expires stuck ones). */
    claimedAt: ts('claimed_at'),
    claimedBy: text('claimed_by'),
    deliveredAt: ts('delivered_at'),
    /** Gave up after the last attempt; left for a person to look at. */
    failedAt: ts('failed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_pending_idx').on(t.deliveredAt),
    index('outbox_due_idx').on(t.dueAt).where(sql`delivered_at is null and failed_at is null`),
  ],
);

/** Key/value facts about the database itself, e.g. the seed version applied. */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const vendorCategories = pgTable(
  'vendor_categories',
  {
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
  },
  (t) => [
    primaryKey({ columns: [t.vendorId, t.categoryId] }),
    // Search at scale: the vendors of a category, index-only.
    index('vendor_categories_category_idx').on(t.categoryId, t.vendorId),
  ],
);

/**
 * Payment-provider webhook events already handled: Stripe delivers at least once
 * and may replay, so `POST /v1/payments/webhooks/stripe` inserts the event id in the same
 * transaction as its effect; a replay finds the row and changes nothing.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** `stripe`. */
    provider: text('provider').notNull(),
    /** The provider's event id, e.g. `evt_…`. */
    eventId: text('event_id').notNull(),
    /** The event type, e.g. `payment_intent.amount_capturable_updated`. */
    type: text('type').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/**
 * A conversation has two sides. The *user side* is `user_id`: the customer of a
 * direct conversation, or whoever opened a support chat. The *other side* is the pro
 * (`vendor_id`, whose account is `vendor_user_id`) or, for support, every admin. Each side's read
 * position is one timestamp: a message is read when the other side's `…_read_at` reached it.
 */
export const conversations = pgTable(
  'conversations',
  {
    /** UUIDv7. */
    id: uuid('id').primaryKey(),
    kind: conversationKindEnum('kind').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id').references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    /** The pro's account (denormalised from `vendor_profiles.user_id` for the access check). */
    vendorUserId: uuid('vendor_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The order last linked to a direct conversation. */
    orderId: uuid('order_id').references(() => orders.id),
    /** The quote request last linked to a direct conversation (a question about a quote). */
    quoteRequestId: uuid('quote_request_id').references((): AnyPgColumn => quoteRequests.id),
    subject: text('subject'),
    status: conversationStatusEnum('status').notNull().default('open'),
    /** Support: the admin handling it. */
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    userReadAt: ts('user_read_at'),
    otherReadAt: ts('other_read_at'),
    lastMessageAt: ts('last_message_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // One direct conversation per customer and pro.
    uniqueIndex('conversations_direct_pair_uq')
      .on(t.userId, t.vendorId)
      .where(sql`kind = 'direct'`),
    index('conversations_user_idx').on(t.userId, t.lastMessageAt),
    index('conversations_vendor_user_idx').on(t.vendorUserId, t.lastMessageAt),
    index('conversations_support_idx').on(t.kind, t.status, t.lastMessageAt),
  ],
);

/** One message of a conversation. Ordered by id (UUIDv7, time-ordered). */
export const messages = pgTable(
  'messages',
  {
    /** UUIDv7: the pagination cursor. */
    id: uuid('id').primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: uuid('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `user` (the conversation's user side) or `other` (the pro, or support). */
    senderSide: text('sender_side').notNull(),
    /** Plain text as sent, trimmed; '' when the message is only images. */
    body: text('body').notNull(),
    /** `[{ key, width, height }]` of the stored WebP images. */
    attachments: jsonb('attachments').notNull().default([]),
    /** The sender's `Idempotency-Key`: a resend with it returns the first message. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    uniqueIndex('messages_sender_idempotency_uq').on(t.senderId, t.idempotencyKey),
  ],
);

/** A customer's saved places. The default place drives distances, search and checkout. */
export const userAddresses = pgTable(
  'user_addresses',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    line1: text('line1').notNull(),
    city: text('city').notNull(),
    postcode: text('postcode'),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    /** IANA time zone of the place (from the city dataset). */
    timeZone: text('time_zone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('user_addresses_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('user_addresses_one_default_uq').on(t.userId).where(sql`is_default`),
  ],
);

/**
 * Notification preferences: one row per user, kind and channel that differs from the
 * default (every kind on, in-app and email). `channel`: `in_app` | `email`.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/**
 * Waitlist for a fully booked day. `day` is the vendor's local date (YYYY-MM-DD). When a
 * slot that day frees up, the first `waiting` entry becomes `offered` with the slot held until
 * `offerExpiresAt` (15 minutes). status: `waiting` | `offered` | `booked` | `expired` | `left`.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    status: text('status').notNull().default('waiting'),
    offeredStartsAt: ts('offered_starts_at'),
    offerExpiresAt: ts('offer_expires_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('waitlist_entries_service_day_idx').on(t.serviceId, t.day, t.createdAt),
    uniqueIndex('waitlist_entries_live_uq')
      .on(t.serviceId, t.customerId, t.day)
      .where(sql`status in ('waiting', 'offered')`),
  ],
);

/**
 * A vendor's vetting document: identity, insurance or licence. Stored privately under
 * `storage_key` (never under a public URL); admins download it through an authorised route.
 */
export const vendorDocuments = pgTable(
  'vendor_documents',
  {
    id: uuid('id').primaryKey(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    /** `identity` | `insurance` | `licence`. */
    kind: text('kind').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    /** Detected from the file's magic bytes: image/jpeg, image/png, image/webp, application/pdf. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('vendor_documents_vendor_idx').on(t.vendorId, t.createdAt)],
);

/**
 * A date on which a vendor's weekly hours do not apply. `date` is the vendor's local date
 * (YYYY-MM-DD); `ranges` `[{ start: 'HH:MM', end: 'HH:MM' }]` replaces that day's hours, and an
 * empty array means closed all day.
 */
export const availabilityExceptions = pgTable(
  'availability_exceptions',
  {
    id: uuid('id').primaryKey(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    date: text('date').notNull(),
    ranges: jsonb('ranges').notNull().default([]),
  },
  (t) => [uniqueIndex('availability_exceptions_vendor_date_uq').on(t.vendorId, t.date)],
);

/**
 * Who did what in the admin console, and when: every vetting decision, suspension,
 * reinstatement and refund. `subject_type`: `vendor` | `user` | `payment`; `detail` holds the
 * reason or amount.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: uuid('subject_id').notNull(),
    detail: jsonb('detail').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_subject_idx').on(t.subjectType, t.subjectId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/**
 * A pro's private calendar feed (`GET /v1/calendar/{token}.ics`; domains/calendar). The token is
 * never stored: it is HMAC-SHA256(server secret, `seed`), so the pro's feed URL can be shown again
 * (`GET /v1/vendor/calendar-feed`) while the table alone opens no feed. A request's token is
 * found by its SHA-256 (`token_hash`, like refresh tokens). Rotating draws a new seed.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  vendorId: uuid('vendor_id')
    .primaryKey()
    .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
  /** 32 random bytes, base64url: the token's input (with the server secret). */
  seed: text('seed').notNull(),
  /** SHA-256 hex of the token. */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  rotatedAt: ts('rotated_at'),
});

/**
 * A pro's other calendar whose events block their slots (busy-time import): an ICS URL the
 * `scheduling.busy-calendars` schedule refetches every 15 minutes (`source` `url`), or a file
 * uploaded once (`upload`, `url` null). `label` is what the pro sees (the URL's host or the
 * file's name: a calendar's secret address is never shown back). `last_fetched_at`: the last
 * attempt; `last_synced_at`: the last one that replaced the busy times; `last_error`: why the
 * last attempt failed (null when it did not).
 */
export const busyCalendars = pgTable(
  'busy_calendars',
  {
    id: uuid('id').primaryKey(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['url', 'upload'] }).notNull(),
    url: text('url'),
    label: text('label').notNull(),
    lastFetchedAt: ts('last_fetched_at'),
    lastSyncedAt: ts('last_synced_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [index('busy_calendars_vendor_idx').on(t.vendorId)],
);

/**
 * The busy intervals of a {@link busyCalendars} row over the pro's booking horizon, recurring
 * events expanded: `[starts_at, ends_at)`. No title, place or attendee is kept (privacy): only
 * when the pro is busy. Replaced as a whole at each sync.
 */
export const busyTimes = pgTable(
  'busy_times',
  {
    id: uuid('id').primaryKey(),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id, { onDelete: 'cascade' }),
    calendarId: uuid('calendar_id')
      .notNull()
      .references(() => busyCalendars.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [
    index('busy_times_vendor_starts_idx').on(t.vendorId, t.startsAt),
    index('busy_times_calendar_idx').on(t.calendarId),
  ],
);

/**
 * A browser's Web Push subscription (RFC 8030 endpoint and the RFC 8291 keys of the
 * `PushSubscription` the service worker created). One row per endpoint: subscribing again from the
 * same browser replaces it; a push service answering 404/410 deletes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The subscription's P-256 public key (base64url). */
    p256dh: text('p256dh').notNull(),
    /** The subscription's 16-byte auth secret (base64url). */
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * A customer's card saved at checkout for later off-session charges (a plan's visits):
 * Stripe `setup_future_usage: off_session` (`providerRef` `pm_…`, `providerCustomerRef`
 * `cus_…`) or the sandbox's equivalent (`sbx_pm_…`). Only what a person may see is kept.
 */
export const savedPaymentMethods = pgTable(
  'saved_payment_methods',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerRef: text('provider_ref').notNull(),
    providerCustomerRef: text('provider_customer_ref'),
    last4: text('last4'),
    brand: text('brand'),
    expMonth: smallint('exp_month'),
    expYear: smallint('exp_year'),
    createdAt: createdAt(),
  },
  (t) => [
    index('saved_payment_methods_customer_idx').on(t.customerId),
    uniqueIndex('saved_payment_methods_ref_uq').on(t.provider, t.providerRef),
  ],
);

/**
 * The sandbox provider's saved cards (its stand-in for Stripe's PaymentMethods): no card
 * number, only the last four digits and the test card's behaviour (e.g. `off_session_declines`,
 * Stripe's 4000 0000 0000 0341). No foreign keys: it stands for an external system.
 */
export const sandboxPaymentMethods = pgTable('sandbox_payment_methods', {
  ref: text('ref').primaryKey(),
  last4: text('last4').notNull(),
  behaviour: text('behaviour'),
  createdAt: createdAt(),
});

/**
 * A recurring plan: the same pro and service every `frequency`, at the same local time of day in
 * `timeZone` across DST changes (`localTime` `HH:mm`). Each visit is its own order (`orders.plan_id`,
 * `plan_visit`), created ahead by a scheduled job up to `visitsCreatedThrough`.
 * status: `pending` (awaiting the pro) | `active` | `paused` | `declined` | `cancelled` | `ended`.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    frequency: text('frequency', { enum: ['weekly', 'biweekly', 'every4weeks'] }).notNull(),
    /** The first visit's start. */
    startsAt: ts('starts_at').notNull(),
    /** Local wall-clock start of every visit, `HH:mm` in `timeZone`. */
    localTime: text('local_time').notNull(),
    /** IANA zone of the job (the pro's), e.g. `America/New_York`. */
    timeZone: text('time_zone').notNull(),
    /** No visit starts after this (null: until cancelled). */
    until: ts('until'),
    address: text('address').notNull(),
    notes: text('notes'),
    status: text('status', {
      enum: ['pending', 'active', 'paused', 'declined', 'cancelled', 'ended'],
    })
      .notNull()
      .default('pending'),
    /** The card visits are authorised on (saved at the first visit's checkout). */
    savedPaymentMethodId: uuid('saved_payment_method_id').references(() => savedPaymentMethods.id),
    /** Visits exist as orders up to this start (the 14-day creation job's watermark). */
    visitsCreatedThrough: ts('visits_created_through'),
    acceptedAt: ts('accepted_at'),
    pausedAt: ts('paused_at'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('plans_customer_idx').on(t.customerId, t.createdAt),
    index('plans_vendor_idx').on(t.vendorId, t.createdAt),
  ],
);

/** A visit of a plan the customer skipped before its order existed (its local start). */
export const planSkips = pgTable(
  'plan_skips',
  {
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    startsAt: ts('starts_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.planId, t.startsAt] })],
);

/**
 * A customer's request for quotes: the job described in words (and up to 6 photos), where and
 * when, sent to one pro (`vendorId`) or to up to 5 matched pros (`quote_leads`).
 * status: `open` (taking quotes) | `booked` (a quote was accepted and paid for) | `closed`
 * (7 days without an accepted quote, or every lead declined) | `cancelled` (by the customer).
 */
export const quoteRequests = pgTable(
  'quote_requests',
  {
    id: uuid('id').primaryKey(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => users.id),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => categories.id),
    description: text('description').notNull(),
    address: text('address').notNull(),
    /** The saved place the address came from, if any. */
    placeId: uuid('place_id'),
    /** Where the job is (geocoded), for matching pros whose service area covers it. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /** 1–3 preferred date ranges, `[{ from, to }]` as ISO instants. */
    windows: jsonb('windows').notNull(),
    /** The customer's budget in minor units of `currency`, if given. */
    budget: integer('budget'),
    currency: text('currency'),
    /** `[{ key, width, height }]` of the stored WebP photos (the image pipeline's). */
    photos: jsonb('photos').notNull().default([]),
    /** Set when the request was sent to one pro (from their page). */
    vendorId: uuid('vendor_id').references(() => vendorProfiles.id),
    status: text('status', { enum: ['open', 'booked', 'closed', 'cancelled'] })
      .notNull()
      .default('open'),
    /** The accepted quote (set with `booked`). */
    acceptedQuoteId: uuid('accepted_quote_id'),
    /** Without an accepted quote, the request closes then (created + 7 days). */
    closesAt: ts('closes_at').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('quote_requests_customer_idx').on(t.customerId, t.createdAt)],
);

/**
 * A request as one matched pro sees it (their lead), ranked `rank` (1 = best match).
 * status: `new` (not answered) | `quoted` | `declined` (by the pro, with `declineReason`) |
 * `not_chosen` (another quote was accepted) | `closed` (the request closed or was cancelled).
 * `respondedAt` (the first quote or decline) feeds the pro's response time.
 */
export const quoteLeads = pgTable(
  'quote_leads',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id),
    rank: integer('rank').notNull(),
    status: text('status', { enum: ['new', 'quoted', 'declined', 'not_chosen', 'closed'] })
      .notNull()
      .default('new'),
    declineReason: text('decline_reason'),
    respondedAt: ts('responded_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quote_leads_request_vendor_uq').on(t.requestId, t.vendorId),
    index('quote_leads_vendor_idx').on(t.vendorId, t.createdAt),
  ],
);

/**
 * A pro's quote on a request: line items (`[{ description, amount }]`, minor units of
 * `currency`, the pro's), `total` their sum (or the accepted counter-offer's amount), 1–3 slots
 * the pro holds open for it, and how long the job takes. One counter-offer per quote
 * (`counterAmount`/`counterNote`, answered with `counterStatus`).
 * status: `open` | `accepted` (the customer chose it; its order is `orderId`) | `not_chosen` |
 * `expired` (past `validUntil`) | `withdrawn` (the request closed or was cancelled).
 */
export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => quoteRequests.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => quoteLeads.id, { onDelete: 'cascade' }),
    vendorId: uuid('vendor_id')
      .notNull()
      .references(() => vendorProfiles.id),
    lineItems: jsonb('line_items').notNull(),
    /** Minor units of `currency`. */
    total: integer('total').notNull(),
    currency: text('currency').notNull(),
    /** ISO instants (1–3) the customer may choose from. */
    slots: jsonb('slots').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    message: text('message').notNull().default(''),
    validUntil: ts('valid_until').notNull(),
    status: text('status', { enum: ['open', 'accepted', 'not_chosen', 'expired', 'withdrawn'] })
      .notNull()
      .default('open'),
    /** The customer's one counter-offer (minor units) and note. */
    counterAmount: integer('counter_amount'),
    counterNote: text('counter_note'),
    counterStatus: text('counter_status', { enum: ['pending', 'accepted', 'declined'] }),
    counteredAt: ts('countered_at'),
    /** The order created when the customer accepted this quote. */
    orderId: uuid('order_id').references((): AnyPgColumn => orders.id),
    acceptedAt: ts('accepted_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // One quote per lead: a pro quotes a request once.
    uniqueIndex('quotes_lead_uq').on(t.leadId),
    index('quotes_request_idx').on(t.requestId),
  ],
);

/**
 * An extra a pro proposes during a job (`accepted` / `in_progress`): `amount` (minor units of
 * the order's currency) plus `fee` (the platform fee, as for bookings) is authorised on the
 * customer's card only when they approve (`paymentId`, a payment of kind `change_order`),
 * captured with the order at completion, refunded under the same policy.
 * status: `proposed` | `approved` (authorised) | `declined` | `cancelled` (the order ended first).
 */
export const changeOrders = pgTable(
  'change_orders',
  {
    id: uuid('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    description: text('description').notNull(),
    /** Minor units of the order's currency, the pro's part. */
    amount: integer('amount').notNull(),
    /** The platform fee on top (orders policy `bookingFee`), minor units. */
    fee: integer('fee').notNull(),
    currency: text('currency').notNull(),
    /** `[{ key, width, height }]` of the stored WebP photos. */
    photos: jsonb('photos').notNull().default([]),
    status: text('status', { enum: ['proposed', 'approved', 'declined', 'cancelled'] })
      .notNull()
      .default('proposed'),
    paymentId: uuid('payment_id').references(() => payments.id),
    proposedBy: uuid('proposed_by')
      .notNull()
      .references(() => users.id),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('change_orders_order_idx').on(t.orderId)],
);

/**
 * A version of each vendor's calendar: bumped, in the writing transaction, by triggers on every
 * table that changes what the slot picker shows of the vendor (orders, held waitlist offers,
 * busy times, weekly hours, exceptions, services, booking rules and vetting status; migration
 * 0019), at most once per transaction. A slot answer cached under an older version is stale, on
 * every instance: one indexed read tells (scheduling slots-cache.ts). No foreign key: a bump for
 * a vendor being deleted must not fail, and a row left behind is harmless.
 */
export const vendorCalendarVersions = pgTable('vendor_calendar_versions', {
  vendorId: uuid('vendor_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(1),
  /** `txid_current()` of the last bump, so a transaction bumps once however many rows it writes. */
  bumpedIn: bigint('bumped_in', { mode: 'number' }),
});
