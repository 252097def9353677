/** The profile side of an account's deletion, run inside the auth domain's transaction. */
import { enqueueMediaDelete } from '../../../platform/media';
import { anonymiseUser, type EraseAccount } from '../../auth';
import type { ServiceDeps } from '../../deps';
import { deactivateVendorServices } from '../../listings';
import { enqueueMail } from '../../mail';
import {
  deleteNotificationsOf,
  deletePreferences,
  deletePushSubscriptionsOf,
} from '../../notifications';
import { anonymiseCustomerOrders, countOrdersOfParty } from '../../orders';
import { deleteSavedPlaces } from '../../places';
import { eraseVendorDocuments, retireVendorProfile } from '../../vendors';
import { leaveWaitlists } from '../../waitlist';
import { accountDeletedMail, liveOrders } from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';

/**
 * The profile side of a deletion, inside the auth domain's transaction once the code was
 * accepted: refuses while live orders remain (they may have appeared since the request),
 * mails the owner at the address they still have, then anonymises the account, deletes its
 * saved places, preferences and notifications, takes it off waitlists, strips the address
 * and notes from its orders (kept for the pros' records and the ledger), retires a pro's
 * business and erases its vetting documents, and queues the avatar file's deletion.
 */
export function eraseAccountWith(config: Pick<ServiceDeps['config'], 'publicUrl'>): EraseAccount {
  return async (tx, user, now) => {
    const row = await repo.findUserWithVendor(tx, user.id);
    const vendorId = row?.vendorId ?? null;
    const live = await countOrdersOfParty(
      tx,
      { userId: user.id, vendorId },
      policy.LIVE_ORDER_STATUSES,
    );
    if (live > 0) return liveOrders(user.role, live);
    await enqueueMail(
      tx,
      accountDeletedMail({ to: user.email, fullName: user.fullName, publicUrl: config.publicUrl }),
      `account:${user.id}:deleted`,
    );
    if (user.avatarKey) {
      await enqueueMediaDelete(tx, [user.avatarKey], `account:${user.id}:deleted:avatar`);
    }
    await anonymiseUser(tx, user.id, {
      fullName: policy.DELETED_USER_NAME,
      email: policy.deletedEmail(user.id),
      now,
    });
    await deleteSavedPlaces(tx, user.id);
    await deletePreferences(tx, user.id);
    await deleteNotificationsOf(tx, user.id);
    await deletePushSubscriptionsOf(tx, user.id);
    await leaveWaitlists(tx, user.id);
    await anonymiseCustomerOrders(tx, user.id, policy.REMOVED_ADDRESS);
    if (vendorId) {
      await retireVendorProfile(tx, vendorId);
      await deactivateVendorServices(tx, vendorId);
      await eraseVendorDocuments(tx, vendorId);
    }
    return null;
  };
}
