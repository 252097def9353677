/**
 * Drizzle schema: ARCHITECTURE §3. Money is integer minor units + ISO 4217 currency; times are
 * timestamptz; ids are UUIDs (v7 where insertion order matters, generated in code).
 */
// Enum values shared with the API contract come from it, so the two cannot drift.
import {
  orderStatusSchema,
  paymentStatusSchema,
  roleSchema,
  vettingStatusSchema,
} from '@vetted/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
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

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => ts('created_at').notNull().defaultNow();

export const roleEnum = pgEnum('role', values(roleSchema));
export const userStatusEnum = pgEnum('user_status', ['active', 'suspended']);
export const otpPurposeEnum = pgEnum('otp_purpose', ['signup', 'login', 'email_change']);
export const vettingStatusEnum = pgEnum('vetting_status', values(vettingStatusSchema));
export const orderStatusEnum = pgEnum('order_status', values(orderStatusSchema));
export const paymentStatusEnum = pgEnum('payment_status', values(paymentStatusSchema));

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
    createdAt: createdAt(),
  },
  (t) => [
    index('vendor_profiles_status_idx').on(t.vettingStatus),
    index('vendor_profiles_category_idx').on(t.primaryCategoryId),
    index('vendor_profiles_lat_lng_idx').on(t.lat, t.lng),
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
    createdAt: createdAt(),
  },
  (t) => [
    index('services_vendor_idx').on(t.vendorId),
    index('services_category_idx').on(t.categoryId),
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
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    index('orders_vendor_idx').on(t.vendorId, t.createdAt),
    uniqueIndex('orders_customer_idempotency_uq').on(t.customerId, t.idempotencyKey),
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
    providerRef: text('provider_ref'),
    status: paymentStatusEnum('status').notNull().default('requires_payment'),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    cardLast4: text('card_last4'),
    failureMessage: text('failure_message'),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('payments_order_idx').on(t.orderId)],
);

export const reviews = pgTable('reviews', {
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
  createdAt: createdAt(),
});

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

/** Mail jobs, retried until delivered (ARCHITECTURE §3). */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [index('outbox_pending_idx').on(t.deliveredAt)],
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
  (t) => [primaryKey({ columns: [t.vendorId, t.categoryId] })],
);
