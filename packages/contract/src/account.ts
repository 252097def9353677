import { z } from 'zod';
import { emailSchema, otpCodeSchema, passwordSchema, userSchema } from './auth';
import { isoDateTime, moneySchema, type Role, text, uuid } from './common';
import { conversationKindSchema } from './conversations';

/**
 * The signed-in user's account ("Profile and account"): avatar, email and password
 * changes, account deletion, data export and notification preferences. Every path is below
 * `/v1/me`.
 */

/** Side of the square avatar the server stores, in px (WebP, re-encoded by the image pipeline). */
export const AVATAR_SIZE_PX = 256;

/** A password typed to confirm who is at the keyboard (not checked against the sign-up rules). */
const currentPasswordSchema = (message: string) => text().min(1, message).max(128);

/**
 * `POST /v1/me/email` body: the new address and the account's password. A code is mailed to
 * the NEW address (OTP purpose `email_change`); the answer is that challenge.
 */
export const changeEmailBodySchema = z.object({
  newEmail: emailSchema,
  password: currentPasswordSchema('Enter your password'),
});
export type ChangeEmailBody = z.input<typeof changeEmailBodySchema>;

/**
 * `POST /v1/me/email/verify` and `POST /v1/me/deletion/confirm` body: the challenge and the
 * 6-digit code mailed for it. A new code is asked for with `POST /v1/auth/otp/resend`.
 */
export const accountCodeBodySchema = z.object({ challengeId: uuid, code: otpCodeSchema });
export type AccountCodeBody = z.input<typeof accountCodeBodySchema>;

/**
 * `POST /v1/me/password` body. `newPassword` follows the sign-up rules (`passwordSchema`: 8–128
 * characters) and must differ from the current one. Every other session of the account ends.
 */
export const changePasswordBodySchema = z.object({
  currentPassword: currentPasswordSchema('Enter your current password'),
  newPassword: passwordSchema,
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

/** Answer of `POST /v1/me/password`: how many other sessions (devices) were signed out. */
export const passwordChangedSchema = z.object({
  passwordChanged: z.literal(true),
  otherSessionsEnded: z.number().int().min(0),
});
export type PasswordChanged = z.infer<typeof passwordChangedSchema>;

/**
 * `POST /v1/me/deletion` body: the account's password. The answer is an `account_deletion`
 * challenge whose code is mailed to the account's address.
 */
export const accountDeletionBodySchema = z.object({
  password: currentPasswordSchema('Enter your password'),
});
export type AccountDeletionBody = z.input<typeof accountDeletionBodySchema>;

/** Answer of `POST /v1/me/deletion/confirm`: the account is anonymised and signed out everywhere. */
export const accountDeletedSchema = z.object({ deleted: z.literal(true) });
export type AccountDeleted = z.infer<typeof accountDeletedSchema>;

// ─── notification preferences ────────────────────────────────────────────────────────────────

/**
 * Where a notification is delivered: the in-app list (and live update of open tabs), a mail,
 * or Web Push to the browsers the person turned notifications on in.
 */
export const notificationChannelSchema = z.enum(['in_app', 'email', 'push']);
export type NotificationChannel = z.infer<typeof notificationChannelSchema>;

/** The kinds a person can switch off (security mails are always sent and not listed). */
export const notificationPreferenceKindSchema = z.enum([
  'bookings',
  'messages',
  'reviews',
  'reminders',
]);
export type NotificationPreferenceKind = z.infer<typeof notificationPreferenceKindSchema>;

/** One switchable kind: its words and the channels it is actually delivered on. */
export interface NotificationPreferenceKindInfo {
  kind: NotificationPreferenceKind;
  label: string;
  /** What the kind covers, for a role without its own wording in `descriptionByRole`. */
  description: string;
  /**
   * What the kind covers for an account of that role, where it differs: a customer is told of
   * replies to their reviews, a pro of new reviews of their business.
   */
  descriptionByRole?: Partial<Record<Role, string>>;
  channels: readonly NotificationChannel[];
}

/**
 * The notification kinds Vetted sends, with the channels each really uses. The API
 * maps notification `type`s and mails onto them (`bookings`: `order.*`, `payment.*`,
 * `waitlist.*`, `tip.*`, `plan.*` notices, the receipt and new-booking mails; `messages`:
 * `message.received` and the unread-messages mail; `reviews`: `review.*` notices; `reminders`:
 * `reminder.*` notices and mails — the customer's reminders before a booking, the pro's evening
 * summary of tomorrow's jobs).
 */
export const NOTIFICATION_PREFERENCE_KINDS: readonly NotificationPreferenceKindInfo[] = [
  {
    kind: 'bookings',
    label: 'Bookings and payments',
    description:
      'New bookings, accepted, declined, started, completed and cancelled jobs, recurring plans, receipts and refunds.',
    channels: ['in_app', 'email', 'push'],
  },
  {
    kind: 'messages',
    label: 'Messages',
    description: 'New messages from pros, customers and Vetted support.',
    channels: ['in_app', 'email', 'push'],
  },
  {
    kind: 'reviews',
    label: 'Reviews',
    description: 'New reviews and replies to reviews.',
    descriptionByRole: {
      customer: 'Replies from pros to your reviews.',
      vendor: 'New reviews of your business.',
    },
    channels: ['in_app'],
  },
  {
    kind: 'reminders',
    label: 'Reminders',
    description: "Reminders of upcoming bookings and summaries of tomorrow's jobs.",
    descriptionByRole: {
      customer: 'A reminder the day before and 2 hours before each booking.',
      vendor: "An evening summary of tomorrow's jobs, at 6 PM your time.",
    },
    channels: ['in_app', 'email', 'push'],
  },
];

/**
 * One kind's switches. `inApp` / `email` / `push` are true unless switched off; a channel the
 * kind is not delivered on (missing from `channels`) always reads false. `push` reaches only the
 * browsers where the person turned notifications on (`POST /v1/me/push-subscriptions`).
 */
export const notificationPreferenceSchema = z.object({
  kind: notificationPreferenceKindSchema,
  label: z.string(),
  description: z.string(),
  channels: z.array(notificationChannelSchema),
  inApp: z.boolean(),
  email: z.boolean(),
  push: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

/** `GET` / `PUT /v1/me/notification-preferences` answer: every kind, in catalogue order. */
export const notificationPreferencesSchema = z.object({
  kinds: z.array(notificationPreferenceSchema),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/**
 * `PUT /v1/me/notification-preferences` body: the same shape as the answer (`label`,
 * `description` and `channels` may be sent back and are ignored). The kinds listed are set;
 * kinds left out keep their switches. A switch of a channel the kind does not use is ignored.
 */
export const updateNotificationPreferencesBodySchema = z.object({
  kinds: z
    .array(
      z.object({
        kind: notificationPreferenceKindSchema,
        inApp: z.boolean(),
        email: z.boolean(),
        /** Omitted: the kind's push switch is kept as it is (clients from before push). */
        push: z.boolean().optional(),
      }),
    )
    .min(1, 'Send at least one kind')
    .refine((kinds) => new Set(kinds.map((k) => k.kind)).size === kinds.length, {
      message: 'List each kind once',
    }),
});
export type UpdateNotificationPreferencesBody = z.input<
  typeof updateNotificationPreferencesBodySchema
>;

// ─── data export ─────────────────────────────────────────────────────────────────────────────

/**
 * `GET /v1/me/export`: everything Vetted keeps that the user entered or that is about them,
 * and no other person's records (their names, addresses, orders or messages) — except the
 * words of the user's own notifications, kept as they were sent (e.g. "Alice booked …"). Sent
 * as a JSON attachment (`Content-Disposition: attachment; filename="vetted-data-<date>.json"`).
 */
export const accountExportSchema = z.object({
  format: z.literal('vetted-account-export'),
  version: z.literal(1),
  exportedAt: isoDateTime,
  profile: userSchema,
  /** A vendor's business profile; null for other roles. */
  business: z
    .object({
      id: uuid,
      businessName: z.string(),
      tagline: z.string(),
      bio: z.string(),
      address: z.string(),
      city: z.string(),
      country: z.string(),
      createdAt: isoDateTime,
    })
    .nullable(),
  addresses: z.array(
    z.object({
      id: uuid,
      label: z.string(),
      line1: z.string(),
      city: z.string(),
      postcode: z.string().nullable(),
      country: z.string(),
      lat: z.number(),
      lng: z.number(),
      isDefault: z.boolean(),
      createdAt: isoDateTime,
    }),
  ),
  notificationPreferences: z.array(
    z.object({
      kind: notificationPreferenceKindSchema,
      inApp: z.boolean(),
      email: z.boolean(),
      push: z.boolean(),
    }),
  ),
  /** Bookings the user made as a customer, with the address and notes they typed. */
  orders: z.array(
    z.object({
      id: uuid,
      reference: z.string(),
      status: z.string(),
      serviceTitle: z.string(),
      businessName: z.string(),
      startsAt: isoDateTime,
      endsAt: isoDateTime,
      address: z.string(),
      notes: z.string().nullable(),
      total: moneySchema,
      createdAt: isoDateTime,
    }),
  ),
  /** A vendor's bookings received, without the customers' personal details. */
  bookingsReceived: z.array(
    z.object({
      id: uuid,
      reference: z.string(),
      status: z.string(),
      serviceTitle: z.string(),
      startsAt: isoDateTime,
      endsAt: isoDateTime,
      total: moneySchema,
      createdAt: isoDateTime,
    }),
  ),
  /** Reviews the user wrote. */
  reviews: z.array(
    z.object({
      id: uuid,
      orderId: uuid,
      rating: z.number().int(),
      text: z.string(),
      createdAt: isoDateTime,
    }),
  ),
  conversations: z.array(
    z.object({
      id: uuid,
      kind: conversationKindSchema,
      subject: z.string().nullable(),
      createdAt: isoDateTime,
    }),
  ),
  /** Messages the user sent; `attachments` are the images' URLs. */
  messages: z.array(
    z.object({
      id: uuid,
      conversationId: uuid,
      body: z.string(),
      attachments: z.array(z.string()),
      createdAt: isoDateTime,
    }),
  ),
  notifications: z.array(
    z.object({
      id: uuid,
      type: z.string(),
      title: z.string(),
      body: z.string(),
      link: z.string().nullable(),
      readAt: isoDateTime.nullable(),
      createdAt: isoDateTime,
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
