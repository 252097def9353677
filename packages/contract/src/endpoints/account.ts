import {
  accountCodeBodySchema,
  accountDeletedSchema,
  accountDeletionBodySchema,
  accountExportSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  notificationPreferencesSchema,
  passwordChangedSchema,
  updateNotificationPreferencesBodySchema,
} from '../account';
import { otpChallengeSchema, userSchema } from '../auth';
import { routes } from '../routes';
import type { EndpointDef } from './shared';

/** The account: avatar, e-mail, password, deletion, data export and notification preferences. */
export const accountEndpoints = {
  uploadAvatar: {
    ...routes.uploadAvatar,
    response: userSchema,
    summary:
      'Set the avatar: multipart/form-data with one image in the field `file`, at most 3 MB (spec §5); stored as a 256 px square WebP',
  },
  deleteAvatar: {
    ...routes.deleteAvatar,
    response: userSchema,
    summary: 'Remove the avatar (initials show instead)',
  },
  changeEmail: {
    ...routes.changeEmail,
    body: changeEmailBodySchema,
    response: otpChallengeSchema,
    summary: 'Check the password and mail a code to the new address (OTP purpose email_change)',
  },
  verifyEmailChange: {
    ...routes.verifyEmailChange,
    body: accountCodeBodySchema,
    response: userSchema,
    summary: 'Switch to the new address with its code; the old address is told by mail',
  },
  changePassword: {
    ...routes.changePassword,
    body: changePasswordBodySchema,
    response: passwordChangedSchema,
    summary: 'Change the password (current one required); every other session ends',
  },
  requestAccountDeletion: {
    ...routes.requestAccountDeletion,
    body: accountDeletionBodySchema,
    response: otpChallengeSchema,
    summary: 'Check the password and mail a code that confirms deleting the account',
  },
  confirmAccountDeletion: {
    ...routes.confirmAccountDeletion,
    body: accountCodeBodySchema,
    response: accountDeletedSchema,
    summary:
      'Delete the account with its code: personal data is removed or anonymised, orders are kept anonymised, every session ends',
  },
  exportMyData: {
    ...routes.exportMyData,
    response: accountExportSchema,
    summary: "Download the user's data as a JSON attachment",
  },
  getNotificationPreferences: {
    ...routes.getNotificationPreferences,
    response: notificationPreferencesSchema,
    summary: 'Notification switches per kind and channel (in-app, email)',
  },
  updateNotificationPreferences: {
    ...routes.updateNotificationPreferences,
    body: updateNotificationPreferencesBodySchema,
    response: notificationPreferencesSchema,
    summary: 'Set notification switches of the listed kinds',
  },
} as const satisfies Record<string, EndpointDef>;
