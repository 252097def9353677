import type {
  AccountCodeBody,
  AccountDeletionBody,
  ChangeEmailBody,
  ChangePasswordBody,
  LoginBody,
  LogoutBody,
  OtpResendBody,
  OtpVerifyBody,
  PasswordForgotBody,
  PasswordResetBody,
  SignupBody,
  UpdateMeBody,
  UpdateNotificationPreferencesBody,
} from '@vetted/contract';
import type { Call, CallOptions } from './call';

/** `auth.*` of the typed API: sign-up, login, OTPs, session refresh and password reset. */
export function authApi(call: Call) {
  return {
    /** `POST /auth/signup` — creates an account and mails an OTP; resolves with the challenge. */
    signup: (body: SignupBody, options?: CallOptions) => call('signup', { body }, options),
    /** `POST /auth/login` — checks the password and mails an OTP; resolves with the challenge. */
    login: (body: LoginBody, options?: CallOptions) => call('login', { body }, options),
    /** `POST /auth/otp/verify` — exchanges a correct OTP for a `Session`. */
    verifyOtp: (body: OtpVerifyBody, options?: CallOptions) => call('verifyOtp', { body }, options),
    /** `POST /auth/otp/resend` — mails a fresh code for a challenge. */
    resendOtp: (body: OtpResendBody, options?: CallOptions) => call('resendOtp', { body }, options),
    /**
     * `POST /auth/reset-token` — refreshes the session (spec §7): the refresh token is the
     * bearer credential, no body is sent. Resolves with the new `Session`.
     */
    resetToken: (refreshToken: string, options?: CallOptions) =>
      call('resetToken', { bearer: refreshToken }, options),
    /** `POST /auth/logout` — revokes the refresh token's family. */
    logout: (body: LogoutBody = {}, options?: CallOptions) => call('logout', { body }, options),
    /**
     * `POST /auth/password/forgot` — mails a password reset code if the address has an
     * account; resolves with a `password_reset` challenge either way.
     */
    forgotPassword: (body: PasswordForgotBody, options?: CallOptions) =>
      call('forgotPassword', { body }, options),
    /**
     * `POST /auth/password/reset` — sets a new password with the mailed code; every session of
     * the account ends. Resolves with `{ passwordReset: true }`.
     */
    resetPassword: (body: PasswordResetBody, options?: CallOptions) =>
      call('resetPassword', { body }, options),
  };
}

/** `me.*` of the typed API: the signed-in user and their account. */
export function meApi(call: Call) {
  return {
    /** `GET /me` — the signed-in user. */
    get: (options?: CallOptions) => call('getMe', {}, options),
    /** `PATCH /me` — updates name and/or phone. */
    update: (body: UpdateMeBody, options?: CallOptions) => call('updateMe', { body }, options),
    /**
     * `POST /me/avatar` — uploads `file` as `multipart/form-data` (field `file`): at most 3 MB
     * (413 "Image must be less than 3mb"), an image by its bytes; stored as a 256 px square.
     * Resolves with the updated `User`.
     */
    uploadAvatar: (file: Blob, options?: CallOptions) => {
      const body = new FormData();
      body.append('file', file);
      return call('uploadAvatar', { body }, options);
    },
    /** `DELETE /me/avatar` — removes the avatar; resolves with the updated `User`. */
    deleteAvatar: (options?: CallOptions) => call('deleteAvatar', {}, options),
    /**
     * `POST /me/email` — with the password, mails a code to `newEmail`; resolves with the
     * `email_change` challenge (resend it with `auth.resendOtp`).
     */
    changeEmail: (body: ChangeEmailBody, options?: CallOptions) =>
      call('changeEmail', { body }, options),
    /** `POST /me/email/verify` — the code switches the address; resolves with the `User`. */
    verifyEmailChange: (body: AccountCodeBody, options?: CallOptions) =>
      call('verifyEmailChange', { body }, options),
    /**
     * `POST /me/password` — changes the password (current one required); every other session
     * ends. Resolves with `{ passwordChanged, otherSessionsEnded }`.
     */
    changePassword: (body: ChangePasswordBody, options?: CallOptions) =>
      call('changePassword', { body }, options),
    /**
     * `POST /me/deletion` — with the password, mails a code that confirms deleting the account
     * (409 while bookings are in progress); resolves with the `account_deletion` challenge.
     */
    requestDeletion: (body: AccountDeletionBody, options?: CallOptions) =>
      call('requestAccountDeletion', { body }, options),
    /** `POST /me/deletion/confirm` — the code deletes the account; every session ends. */
    confirmDeletion: (body: AccountCodeBody, options?: CallOptions) =>
      call('confirmAccountDeletion', { body }, options),
    /** `GET /me/export` — the user's data (also served as a JSON attachment). */
    exportData: (options?: CallOptions) => call('exportMyData', {}, options),
    /** `GET /me/notification-preferences` — switches per kind and channel. */
    notificationPreferences: (options?: CallOptions) =>
      call('getNotificationPreferences', {}, options),
    /** `PUT /me/notification-preferences` — sets the listed kinds; resolves with all of them. */
    updateNotificationPreferences: (
      body: UpdateNotificationPreferencesBody,
      options?: CallOptions,
    ) => call('updateNotificationPreferences', { body }, options),
  };
}
