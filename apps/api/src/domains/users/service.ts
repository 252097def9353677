/** The users domain service: the `/v1/me` use cases (the longer ones live in `use-cases/`). */
import type {
  AccountDeleted,
  accountCodeBodySchema,
  accountDeletionBodySchema,
  NotificationPreferences,
  OtpChallenge,
  UpdateMeBody,
  updateNotificationPreferencesBodySchema,
  User,
} from '@vetted/contract';
import type { z } from 'zod';
import { updateProfile } from '../auth';
import { loadPreferences, savePreferences } from '../notifications';
import { countOrdersOfParty } from '../orders';
import type { UsersServiceDeps } from './deps';
import { liveOrders } from './messages';
import * as policy from './policy';
import { getMe, liveRow } from './use-cases/account';
import { removeAvatar, setAvatar } from './use-cases/avatar';
import { eraseAccountWith } from './use-cases/erase-account';
import { type ExportFile, exportData } from './use-cases/export-data';

export type { UsersServiceDeps } from './deps';
export type { ExportFile } from './use-cases/export-data';

/**
 * The signed-in user's own account (`/v1/me`): profile, avatar, notification
 * preferences, data export and deletion. Email and password changes are the auth domain's.
 */
export function createUsersService(deps: UsersServiceDeps) {
  const { db, clock, config, storage, auth } = deps;
  const erase = eraseAccountWith(config);

  return {
    getMe: (userId: string): Promise<User> => getMe(db, userId),

    /** Updates name and/or phone, then answers the new profile. Same errors as `getMe`. */
    async updateMe(userId: string, body: UpdateMeBody): Promise<User> {
      await liveRow(db, userId);
      const patch: { fullName?: string; phone?: string | null } = {};
      if (body.fullName !== undefined) patch.fullName = body.fullName;
      if (body.phone !== undefined) patch.phone = body.phone;
      if (Object.keys(patch).length > 0) await updateProfile(db, userId, patch);
      return getMe(db, userId);
    },

    /** `POST /v1/me/avatar` (use-cases/avatar.ts `setAvatar`). */
    setAvatar: (userId: string, upload: Buffer | null): Promise<User> =>
      setAvatar({ db, storage }, userId, upload),

    /** `DELETE /v1/me/avatar` (use-cases/avatar.ts `removeAvatar`). */
    removeAvatar: (userId: string): Promise<User> => removeAvatar(db, userId),

    /** `GET /v1/me/notification-preferences`. @throws AppError 401 `user_not_found`. */
    async getNotificationPreferences(userId: string): Promise<NotificationPreferences> {
      const { user } = await liveRow(db, userId);
      return loadPreferences(db, userId, user.role);
    },

    /** `PUT /v1/me/notification-preferences`. @throws AppError 401 `user_not_found`. */
    async updateNotificationPreferences(
      userId: string,
      body: z.output<typeof updateNotificationPreferencesBodySchema>,
    ): Promise<NotificationPreferences> {
      const { user } = await liveRow(db, userId);
      return savePreferences(db, userId, user.role, body);
    },

    /** `GET /v1/me/export` (use-cases/export-data.ts `exportData`). */
    exportData: (userId: string): Promise<ExportFile> => exportData(db, clock, userId),

    /**
     * `POST /v1/me/deletion`: refuses while the account has live orders (as customer or pro),
     * else checks the password and mails an `account_deletion` code to the account's address.
     * @throws AppError 409 `live_orders`, 400 `wrong_password`, 401 `user_not_found`.
     */
    async requestDeletion(
      userId: string,
      body: z.output<typeof accountDeletionBodySchema>,
    ): Promise<OtpChallenge> {
      const { user, vendorId } = await liveRow(db, userId);
      const live = await countOrdersOfParty(db, { userId, vendorId }, policy.LIVE_ORDER_STATUSES);
      if (live > 0) throw liveOrders(user.role, live);
      return auth.requestAccountDeletion(userId, body.password);
    },

    /**
     * `POST /v1/me/deletion/confirm`: with the right code, the account is anonymised (see
     * use-cases/erase-account.ts) and signed out everywhere; orders, payments, reviews and the
     * ledger stay.
     * @throws AppError 409 `live_orders`, the code errors of the auth domain (400 `otp_invalid`
     *   …, 404 `otp_not_found`, 429), 401 `user_not_found`.
     */
    async confirmDeletion(
      userId: string,
      body: z.output<typeof accountCodeBodySchema>,
    ): Promise<AccountDeleted> {
      await liveRow(db, userId);
      await auth.confirmAccountDeletion(userId, body, erase);
      return { deleted: true };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
