import type { AdminVendorDetail } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../../platform/types';
import { enqueueMail } from '../../mail';
import { notify } from '../../notifications';
import { refreshVendorSearch } from '../../search';
import { lockVendorVetting, setVendorVetting } from '../../vendors';
import type { AdminDeps } from '../deps';
import * as msg from '../messages';
import * as policy from '../policy';
import { insertAudit } from '../repository';
import { getUser } from '../users-read-model';
import { vendorDetail } from './vendors';

/**
 * Applies one vetting decision (see {@link policy.VETTING_TRANSITIONS}) in one transaction
 * holding the vendor row lock: the status, `vettingReason` (the reason of a rejection or
 * suspension; cleared by an approval or reinstatement) and `vettingUpdatedAt`; an audit entry
 * `vendor.<decision>` with `{ from, to, reason? }`; the vendor's notification and mail (a
 * rejection carries the reason and says they can fix it and submit again). A decision that
 * lists or unlists the vendor refreshes its search text and, once committed, purges this
 * instance's catalogue cache so listings change at once.
 * @throws AppError 404 `vendor_not_found`; 409 `invalid_vetting_transition` naming the status.
 */
export async function decideVetting(
  deps: Pick<AdminDeps, 'db' | 'clock' | 'config' | 'catalogueCache'>,
  admin: AuthUser,
  vendorId: string,
  decision: policy.VettingDecision,
  reason: string | null,
): Promise<AdminVendorDetail> {
  const { db, clock, config, catalogueCache } = deps;
  const listingChanged = await db.transaction(async (tx) => {
    const v = await lockVendorVetting(tx, vendorId);
    if (!v) throw msg.vendorNotFound();
    const to = policy.vettingTransition(v.vettingStatus, decision);
    if (!to) {
      throw msg.invalidVettingTransition(
        decision,
        v.vettingStatus,
        policy.VETTING_TRANSITIONS[decision].from,
      );
    }
    const now = clock.now();
    const kept = policy.REASONED_DECISIONS.includes(decision) ? reason : null;
    await setVendorVetting(tx, v.id, { status: to, reason: kept, at: now });
    const auditId = uuidv7();
    await insertAudit(tx, {
      id: auditId,
      actorId: admin.id,
      action: policy.vendorAction(decision),
      subjectType: 'vendor',
      subjectId: v.id,
      detail: { from: v.vettingStatus, to, ...(kept ? { reason: kept } : {}) },
      at: now,
    });
    const owner = await getUser(tx, v.userId);
    const facts = { businessName: v.businessName, reason: kept };
    await notify(tx, [
      { userId: v.userId, ...msg.vettingNotice(decision, facts), key: `audit:${auditId}:notice` },
    ]);
    if (owner && !owner.deletedAt) {
      await enqueueMail(
        tx,
        msg.vettingMail(decision, {
          ...facts,
          to: owner.email,
          fullName: owner.fullName,
          publicUrl: config.publicUrl,
        }),
        `audit:${auditId}:mail`,
      );
    }
    const changed = policy.changesListing(v.vettingStatus, to);
    // Search's vocabulary counts approved vendors only: mark it stale.
    if (changed) await refreshVendorSearch(tx, [v.id]);
    return changed;
  });
  if (listingChanged) catalogueCache.purge({ search: true });
  return vendorDetail(db, vendorId, clock.now());
}
