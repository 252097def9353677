import type {
  AccountExport,
  accountCodeBodySchema,
  AccountDeleted,
  accountDeletionBodySchema,
  NotificationPreferences,
  OtpChallenge,
  UpdateMeBody,
  updateNotificationPreferencesBodySchema,
  User,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import { unauthorized } from '../../lib/errors';
import { enqueueMediaDelete } from '../../platform/media';
import { mediaUrl, privateMediaUrl, processAvatar } from '../../services/images';
import type { Storage } from '../../services/storage';
import type { AuthDomainService, EraseAccount } from '../auth/service';
import type { ServiceDeps } from '../deps';
import { enqueueMail } from '../mail/service';
import { deletePreferences, loadPreferences, savePreferences } from '../notifications/preferences';
import { eraseVendorDocuments } from '../vendors/service';
import { accountDeletedMail, liveOrders } from './messages';
import * as policy from './policy';
import * as repo from './repository';

/** The contract `User` of a row (ARCHITECTURE §4). */
function toUser(row: { user: repo.UserRow; vendorId: string | null }): User {
  const { user } = row;
  return {
    id: user.id,
    role: user.role,
    email: user.email,
    fullName: user.fullName,
    phone: user.phone,
    avatarUrl: user.avatarKey ? mediaUrl(user.avatarKey) : null,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
    vendorId: user.role === 'vendor' ? row.vendorId : null,
  };
}

/** What the users service needs besides the common deps. */
export interface UsersServiceDeps extends Pick<ServiceDeps, 'db' | 'clock' | 'config'> {
  /** Where avatars are stored (`app.storage`). */
  storage: Storage;
  /** The auth domain: passwords, one-time codes and sessions of the account's deletion. */
  auth: Pick<AuthDomainService, 'requestAccountDeletion' | 'confirmAccountDeletion'>;
}

/** A data export and the file name it is downloaded under. */
export interface ExportFile {
  fileName: string;
  data: AccountExport;
}

/**
 * The signed-in user's own account (`/v1/me`, issue #9): profile, avatar, notification
 * preferences, data export and deletion. Email and password changes are the auth domain's.
 */
export function createUsersService(deps: UsersServiceDeps) {
  const { db, clock, config, storage, auth } = deps;

  /** The live account row; a missing or deleted one is a gone session. */
  async function liveRow(userId: string): Promise<{ user: repo.UserRow; vendorId: string | null }> {
    const row = await repo.findUserWithVendor(db, userId);
    // A valid token for a deleted account: the session is gone.
    if (!row || row.user.deletedAt) throw unauthorized('Session not found', 'user_not_found');
    return row;
  }

  /** @throws AppError 401 `user_not_found` ("Session not found") when the account is gone. */
  async function getMe(userId: string): Promise<User> {
    return toUser(await liveRow(userId));
  }

  /**
   * The profile side of a deletion, inside the auth domain's transaction once the code was
   * accepted: refuses while live orders remain (they may have appeared since the request),
   * mails the owner at the address they still have, then anonymises the account, deletes its
   * saved places, preferences and notifications, takes it off waitlists, strips the address
   * and notes from its orders (kept for the pros' records and the ledger), retires a pro's
   * business and erases its vetting documents, and queues the avatar file's deletion.
   */
  const erase: EraseAccount = async (tx, user, now) => {
    const row = await repo.findUserWithVendor(tx, user.id);
    const vendorId = row?.vendorId ?? null;
    const live = await repo.countLiveOrders(tx, { userId: user.id, vendorId });
    if (live > 0) return liveOrders(user.role, live);
    await enqueueMail(
      tx,
      accountDeletedMail({ to: user.email, fullName: user.fullName, publicUrl: config.publicUrl }),
      `account:${user.id}:deleted`,
    );
    if (user.avatarKey) {
      await enqueueMediaDelete(tx, [user.avatarKey], `account:${user.id}:deleted:avatar`);
    }
    await repo.anonymiseUser(tx, user.id, {
      fullName: policy.DELETED_USER_NAME,
      email: policy.deletedEmail(user.id),
      now,
    });
    await repo.deleteAddresses(tx, user.id);
    await deletePreferences(tx, user.id);
    await repo.deleteNotifications(tx, user.id);
    await repo.leaveWaitlists(tx, user.id);
    await repo.anonymiseCustomerOrders(tx, user.id, policy.REMOVED_ADDRESS);
    if (vendorId) {
      await repo.retireVendorProfile(tx, vendorId);
      await eraseVendorDocuments(tx, vendorId);
    }
    return null;
  };

  return {
    getMe,

    /** Updates name and/or phone, then answers the new profile. Same errors as `getMe`. */
    async updateMe(userId: string, body: UpdateMeBody): Promise<User> {
      await liveRow(userId);
      const patch: { fullName?: string; phone?: string | null } = {};
      if (body.fullName !== undefined) patch.fullName = body.fullName;
      if (body.phone !== undefined) patch.phone = body.phone;
      if (Object.keys(patch).length > 0) await repo.updateProfile(db, userId, patch);
      return getMe(userId);
    },

    /**
     * `POST /v1/me/avatar`: `upload` (the multipart `file`, null when none was sent) goes
     * through the image pipeline (`processAvatar`: at most 3 MB, an image by its magic bytes,
     * cropped to a 256 px square WebP), is stored under a new key and becomes the avatar; the
     * previous file is deleted through the outbox once that committed. Answers the profile.
     * @throws AppError 400 `image_missing` "No image selected", 413 `image_too_large` "Image must
     *   be less than 3mb", 400 `unsupported_image_type` / `invalid_image`, 401 `user_not_found`.
     */
    async setAvatar(userId: string, upload: Buffer | null): Promise<User> {
      await liveRow(userId);
      const webp = await processAvatar(upload);
      const key = policy.avatarStorageKey(userId, uuidv7());
      await storage.put(key, webp, 'image/webp');
      try {
        const replaced = await db.transaction(async (tx) => {
          const result = await repo.replaceAvatarKey(tx, userId, key);
          if (result?.previous) {
            await enqueueMediaDelete(tx, [result.previous], `avatar:${key}:replaces`);
          }
          return result;
        });
        if (!replaced) throw unauthorized('Session not found', 'user_not_found');
      } catch (err) {
        // Nothing refers to the new file: remove it rather than leave an orphan.
        await storage.delete(key).catch(() => undefined);
        throw err;
      }
      return getMe(userId);
    },

    /**
     * `DELETE /v1/me/avatar`: removes the avatar (its file through the outbox); initials show
     * instead. Idempotent. Answers the profile.
     * @throws AppError 401 `user_not_found`.
     */
    async removeAvatar(userId: string): Promise<User> {
      await db.transaction(async (tx) => {
        const result = await repo.replaceAvatarKey(tx, userId, null);
        if (!result) throw unauthorized('Session not found', 'user_not_found');
        if (result.previous) {
          await enqueueMediaDelete(tx, [result.previous], `avatar:${result.previous}:removed`);
        }
      });
      return getMe(userId);
    },

    /** `GET /v1/me/notification-preferences`. @throws AppError 401 `user_not_found`. */
    async getNotificationPreferences(userId: string): Promise<NotificationPreferences> {
      const { user } = await liveRow(userId);
      return loadPreferences(db, userId, user.role);
    },

    /** `PUT /v1/me/notification-preferences`. @throws AppError 401 `user_not_found`. */
    async updateNotificationPreferences(
      userId: string,
      body: z.output<typeof updateNotificationPreferencesBodySchema>,
    ): Promise<NotificationPreferences> {
      const { user } = await liveRow(userId);
      return savePreferences(db, userId, user.role, body);
    },

    /**
     * `GET /v1/me/export`: the user's data (see the contract's `accountExportSchema`) and the
     * file name to download it under. Reads only rows the user entered or that are about them;
     * other parties appear by business name at most (a pro's, on the user's own bookings).
     * @throws AppError 401 `user_not_found`.
     */
    async exportData(userId: string): Promise<ExportFile> {
      const row = await liveRow(userId);
      const now = clock.now();
      const vendorId = row.user.role === 'vendor' ? row.vendorId : null;
      const [business, addresses, prefs, ownOrders, received, ownReviews, convs, sent, notes] =
        await Promise.all([
          vendorId ? repo.exportBusiness(db, vendorId) : null,
          repo.exportAddresses(db, userId),
          loadPreferences(db, userId, row.user.role),
          repo.exportOrders(db, userId),
          vendorId ? repo.exportBookingsReceived(db, vendorId) : [],
          repo.exportReviews(db, userId),
          repo.exportConversations(db, userId),
          repo.exportMessages(db, userId),
          repo.exportNotifications(db, userId),
        ]);
      const iso = (d: Date) => d.toISOString();
      const data: AccountExport = {
        format: 'vetted-account-export',
        version: 1,
        exportedAt: iso(now),
        profile: toUser(row),
        business: business ? { ...business, createdAt: iso(business.createdAt) } : null,
        addresses: addresses.map((a) => ({
          id: a.id,
          label: a.label,
          line1: a.line1,
          city: a.city,
          postcode: a.postcode,
          country: a.country,
          lat: a.lat,
          lng: a.lng,
          isDefault: a.isDefault,
          createdAt: iso(a.createdAt),
        })),
        notificationPreferences: prefs.kinds.map((k) => ({
          kind: k.kind,
          inApp: k.inApp,
          email: k.email,
        })),
        orders: ownOrders.map(({ order: o, serviceTitle, businessName }) => ({
          id: o.id,
          reference: o.reference,
          status: o.status,
          serviceTitle,
          businessName,
          startsAt: iso(o.startsAt),
          endsAt: iso(o.endsAt),
          address: o.address,
          notes: o.notes,
          total: { amount: o.total, currency: o.currency },
          createdAt: iso(o.createdAt),
        })),
        bookingsReceived: received.map((o) => ({
          id: o.id,
          reference: o.reference,
          status: o.status,
          serviceTitle: o.serviceTitle,
          startsAt: iso(o.startsAt),
          endsAt: iso(o.endsAt),
          total: { amount: o.total, currency: o.currency },
          createdAt: iso(o.createdAt),
        })),
        reviews: ownReviews.map((r) => ({
          id: r.id,
          orderId: r.orderId,
          rating: r.rating,
          text: r.body,
          createdAt: iso(r.createdAt),
        })),
        conversations: convs.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
        messages: sent.map((m) => ({
          id: m.id,
          conversationId: m.conversationId,
          body: m.body,
          attachments: ((m.attachments ?? []) as { key: string }[]).map((a) =>
            privateMediaUrl(a.key),
          ),
          createdAt: iso(m.createdAt),
        })),
        notifications: notes.map((n) => ({
          id: n.id,
          type: n.type,
          title: n.title,
          body: n.body,
          link: n.link,
          readAt: n.readAt ? iso(n.readAt) : null,
          createdAt: iso(n.createdAt),
        })),
      };
      return { fileName: policy.exportFileName(now), data };
    },

    /**
     * `POST /v1/me/deletion`: refuses while the account has live orders (as customer or pro),
     * else checks the password and mails an `account_deletion` code to the account's address.
     * @throws AppError 409 `live_orders`, 400 `wrong_password`, 401 `user_not_found`.
     */
    async requestDeletion(
      userId: string,
      body: z.output<typeof accountDeletionBodySchema>,
    ): Promise<OtpChallenge> {
      const { user, vendorId } = await liveRow(userId);
      const live = await repo.countLiveOrders(db, { userId, vendorId });
      if (live > 0) throw liveOrders(user.role, live);
      return auth.requestAccountDeletion(userId, body.password);
    },

    /**
     * `POST /v1/me/deletion/confirm`: with the right code, the account is anonymised (see
     * {@link erase}) and signed out everywhere; orders, payments, reviews and the ledger stay.
     * @throws AppError 409 `live_orders`, the code errors of the auth domain (400 `otp_invalid`
     *   …, 404 `otp_not_found`, 429), 401 `user_not_found`.
     */
    async confirmDeletion(
      userId: string,
      body: z.output<typeof accountCodeBodySchema>,
    ): Promise<AccountDeleted> {
      await liveRow(userId);
      await auth.confirmAccountDeletion(userId, body, erase);
      return { deleted: true };
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
