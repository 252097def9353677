import { z } from 'zod';
import { isoDateTime, roleSchema, text, uuid } from './common';
import { vendorBusinessSchema } from './vendor';

/** OTP length, spec §4 leaves it open; we use 6 digits. */
export const OTP_LENGTH = 6;
/** OTP validity in ms: 10 minutes. */
export const OTP_TTL_MS = 10 * 60_000;
/** Wrong codes allowed per challenge before it is locked. */
export const OTP_MAX_ATTEMPTS = 5;
/** Minimum wait between two resends of one challenge, in ms. */
export const OTP_RESEND_COOLDOWN_MS = 30_000;

export const emailSchema = text()
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }));

export const passwordSchema = text()
  .min(8, 'Password must be at least 8 characters')
  .max(128, 'Password must be at most 128 characters');

export const fullNameSchema = text()
  .trim()
  .min(2, 'Enter your full name')
  .max(100, 'Name must be at most 100 characters');

export const phoneSchema = text()
  .trim()
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a valid phone number');

/** The fields of a sign-up, without the cross-field rules (forms extend this). */
export const signupFieldsSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
  phone: phoneSchema.optional(),
  password: passwordSchema,
  role: z.enum(['customer', 'vendor']).default('customer'),
  /** The business of a pro: required with `role: 'vendor'`, refused otherwise. */
  business: vendorBusinessSchema.optional(),
});

/**
 * `POST /v1/auth/signup` body. A pro must send `business` (their profile starts as a `draft` to
 * complete at `/vendor`); a customer must not.
 */
export const signupBodySchema = signupFieldsSchema.superRefine((v, ctx) => {
  if (v.role === 'vendor' && !v.business) {
    ctx.addIssue({ code: 'custom', path: ['business'], message: 'Tell us about your business' });
  }
  if (v.role !== 'vendor' && v.business) {
    ctx.addIssue({
      code: 'custom',
      path: ['business'],
      message: 'Only pros sign up with a business',
    });
  }
});
export type SignupBody = z.input<typeof signupBodySchema>;

/** `POST /v1/auth/login` body. A correct password starts an OTP challenge (spec §1). */
export const loginBodySchema = z.object({
  email: emailSchema,
  password: text().min(1, 'Enter your password').max(128),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/**
 * An OTP challenge: a code was mailed to `email`; it expires at `expiresAt`. Sign-up and
 * password-reset answers look the same whether or not the address has an account.
 * `email_change` (code mailed to the new address) and `account_deletion` are the signed-in
 * account's own challenges (`/v1/me/email`, `/v1/me/deletion`).
 */
export const otpChallengeSchema = z.object({
  challengeId: uuid,
  email: z.string(),
  purpose: z.enum(['signup', 'login', 'password_reset', 'email_change', 'account_deletion']),
  expiresAt: isoDateTime,
  /** Earliest time a new code may be requested. */
  resendAvailableAt: isoDateTime,
});
export type OtpChallenge = z.infer<typeof otpChallengeSchema>;

/** A 6-digit one-time code as typed (spaces around it are dropped). */
export const otpCodeSchema = text()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

/** `POST /v1/auth/otp/verify` body. */
export const otpVerifyBodySchema = z.object({
  challengeId: uuid,
  code: otpCodeSchema,
});
export type OtpVerifyBody = z.infer<typeof otpVerifyBodySchema>;

/** `POST /v1/auth/otp/resend` body. */
export const otpResendBodySchema = z.object({ challengeId: uuid });
export type OtpResendBody = z.infer<typeof otpResendBodySchema>;

/**
 * The session of spec §3. `expiresIn` is the ISO date-time at which the access token expires
 * (spec §3 calls it a date/time despite the name).
 */
export const sessionSchema = z.object({
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  expiresIn: isoDateTime,
  role: roleSchema,
});
export type Session = z.infer<typeof sessionSchema>;

/** `POST /v1/auth/logout` body: the refresh token whose family is revoked. */
export const logoutBodySchema = z.object({ refreshToken: z.string().min(1).optional() });
export type LogoutBody = z.infer<typeof logoutBodySchema>;

export const loggedOutSchema = z.object({ loggedOut: z.literal(true) });

/**
 * `POST /v1/auth/password/forgot` body. The answer is a `password_reset` challenge whether or
 * not the address has an account; only an account's owner gets a code.
 */
export const passwordForgotBodySchema = z.object({ email: emailSchema });
export type PasswordForgotBody = z.infer<typeof passwordForgotBodySchema>;

/**
 * `POST /v1/auth/password/reset` body: the mailed code of a `password_reset` challenge and the
 * new password. A reset ends every session of the account.
 */
export const passwordResetBodySchema = z.object({
  challengeId: uuid,
  code: otpCodeSchema,
  password: passwordSchema,
});
export type PasswordResetBody = z.infer<typeof passwordResetBodySchema>;

export const passwordResetResultSchema = z.object({ passwordReset: z.literal(true) });

/** The signed-in user, `GET /v1/me`. */
export const userSchema = z.object({
  id: uuid,
  role: roleSchema,
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: isoDateTime,
  /** Set for vendors: their vendor profile id (the `{id}` of vendor routes). */
  vendorId: uuid.nullable(),
});
export type User = z.infer<typeof userSchema>;

/** `PATCH /v1/me` body. */
export const updateMeBodySchema = z
  .object({ fullName: fullNameSchema, phone: phoneSchema.nullable() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send at least one field to update');
export type UpdateMeBody = z.infer<typeof updateMeBodySchema>;
