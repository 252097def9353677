/**
 * Use cases of the admin console (issue #8): the vetting queue and its decisions, users and
 * their suspension, orders with their payments and refunds, the overview and the audit log.
 *
 * Every decision is one transaction: the change, an `audit_log` row (who, what, when, why) and
 * its side effects as outbox rows (the person's notification and mail; a refund job of the
 * payments domain). Callers are admins: the `/v1/admin` guard (./guard.ts) refused everyone
 * else before a handler runs.
 */
import type {
  AdminOrderDetail,
  AdminOverview,
  AdminPayment,
  AdminRefundRequest,
  AdminUser,
  AdminUserDetail,
  AdminVendorDetail,
  AdminVendorSummary,
  AuditEntry,
  OrderStatus,
  Role,
  VendorDocument,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../plugins/auth';
import type { AuthService } from '../../plugins/auth';
import { mediaUrl } from '../../services/images';
import type { Storage, StoredObject } from '../../services/storage';
import { endAllSessions } from '../auth/service';
import { type CatalogueCache, refreshVendorSearch } from '../catalogue/service';
import type { ServiceDeps } from '../deps';
import { enqueueMail } from '../mail/service';
import { notify } from '../notifications/service';
import type { OrdersService } from '../orders/service';
import {
  isCaptured,
  lockPaymentForRefund,
  type PaymentsService,
  requestPaymentRefund,
} from '../payments/service';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';

/** What the admin service needs besides the common deps. */
export interface AdminDeps extends ServiceDeps {
  /** The payments domain: its admin view of a payment (provider events, ledger). */
  payments: Pick<PaymentsService, 'adminView' | 'adminViewsOfOrder'>;
  /** The orders domain: an order's detail as an admin sees it. */
  orders: Pick<OrdersService, 'get'>;
  /** Where vetting documents are kept (`app.privateStorage`, never served under `/media`). */
  documents: Storage;
  /** Ends sessions at once on every API instance (`app.auth`). */
  sessions: Pick<AuthService, 'revokeSessions'>;
  /** The app's catalogue caches, purged when a vendor is listed or unlisted (every instance). */
  catalogueCache: Pick<CatalogueCache, 'purge'>;
}

/** A vetting document ready to send: its bytes and how to name them. */
export interface DocumentFile {
  body: StoredObject['body'];
  /** Bytes. */
  size: number;
  contentType: string;
  fileName: string;
}

/** Query of a paged list, as the contract's `pageQuerySchema` outputs it. */
interface Paged {
  page: number;
  pageSize: number;
}

const pageOf = <T>(items: T[], total: number, q: Paged) => ({
  items,
  page: q.page,
  pageSize: q.pageSize,
  total,
  totalPages: Math.ceil(total / q.pageSize),
});

function toAuditEntry(v: repo.AuditView): AuditEntry {
  const e = v.entry;
  return {
    id: e.id,
    action: e.action,
    subjectType: e.subjectType as AuditEntry['subjectType'],
    subjectId: e.subjectId,
    actor: e.actorId && v.actorName !== null ? { id: e.actorId, fullName: v.actorName } : null,
    detail: (e.detail ?? {}) as Record<string, unknown>,
    createdAt: e.createdAt.toISOString(),
  };
}

function toVendorSummary(v: repo.VendorRow): AdminVendorSummary {
  return {
    id: v.id,
    userId: v.userId,
    businessName: v.businessName,
    ownerName: v.ownerName,
    ownerEmail: v.ownerEmail,
    primaryCategory:
      v.categorySlug && v.categoryName ? { slug: v.categorySlug, name: v.categoryName } : null,
    city: v.city,
    country: v.country,
    vettingStatus: v.vettingStatus,
    vettingReason: v.vettingReason,
    submittedAt: v.submittedAt?.toISOString() ?? null,
    documentCount: v.documentCount,
    serviceCount: v.serviceCount,
    createdAt: v.createdAt.toISOString(),
  };
}

function toDocument(d: repo.DocumentRow): VendorDocument {
  return {
    id: d.id,
    kind: d.kind as VendorDocument['kind'],
    fileName: d.fileName,
    contentType: d.contentType as VendorDocument['contentType'],
    sizeBytes: d.sizeBytes,
    createdAt: d.createdAt.toISOString(),
  };
}

function toAdminUser(u: repo.UserRow): AdminUser {
  return {
    id: u.id,
    fullName: u.fullName,
    email: u.email,
    phone: u.phone,
    role: u.role,
    status: u.status,
    avatarUrl: u.avatarKey ? mediaUrl(u.avatarKey) : null,
    vendorId: u.vendorId,
    emailVerified: u.emailVerifiedAt !== null,
    deleted: u.deletedAt !== null,
    orderCount: u.orderCount,
    createdAt: u.createdAt.toISOString(),
  };
}

/** The admin console's service. `deps.clock` is the time of every decision and count. */
export function createAdminService(deps: AdminDeps) {
  const { db, clock, config, payments, orders, documents, sessions, catalogueCache } = deps;

  async function vendorDetail(id: string): Promise<AdminVendorDetail> {
    const v = await repo.getVendor(db, id);
    if (!v) throw msg.vendorNotFound();
    const [docs, services, audit] = await Promise.all([
      repo.documentsOf(db, id),
      repo.servicesOf(db, id),
      repo.auditOf(db, id),
    ]);
    return {
      ...toVendorSummary(v),
      tagline: v.tagline,
      bio: v.bio,
      serviceRadiusKm: v.serviceRadiusKm,
      timeZone: v.timeZone,
      documents: docs.map(toDocument),
      services: services.map((s) => ({
        id: s.id,
        title: s.title,
        price: { amount: s.price, currency: s.currency },
        active: s.active,
      })),
      audit: audit.map(toAuditEntry),
    };
  }

  async function userDetail(id: string): Promise<AdminUserDetail> {
    const u = await repo.getUser(db, id);
    if (!u) throw msg.userNotFound();
    const audit = await repo.auditOf(db, id);
    return { ...toAdminUser(u), audit: audit.map(toAuditEntry) };
  }

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
  async function decide(
    admin: AuthUser,
    vendorId: string,
    decision: policy.VettingDecision,
    reason: string | null,
  ): Promise<AdminVendorDetail> {
    const listingChanged = await db.transaction(async (tx) => {
      const v = await repo.lockVendor(tx, vendorId);
      if (!v) throw msg.vendorNotFound();
      const to = policy.vettingTransition(v.vettingStatus, decision);
      if (!to) throw msg.invalidVettingTransition(decision, v.vettingStatus);
      const now = clock.now();
      const kept = policy.REASONED_DECISIONS.includes(decision) ? reason : null;
      await repo.setVetting(tx, v.id, { status: to, reason: kept, at: now });
      const auditId = uuidv7();
      await repo.insertAudit(tx, {
        id: auditId,
        actorId: admin.id,
        action: policy.vendorAction(decision),
        subjectType: 'vendor',
        subjectId: v.id,
        detail: { from: v.vettingStatus, to, ...(kept ? { reason: kept } : {}) },
        at: now,
      });
      const owner = await repo.getUser(tx, v.userId);
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
    return vendorDetail(vendorId);
  }

  /**
   * Sets a user's status in one transaction holding the user row lock, with an audit entry
   * `user.suspend` / `user.reinstate` and a mail to the person. Suspending also ends every
   * session of the account (as a password reset does) — broadcast to every instance after the
   * commit, so their access and refresh tokens are refused at once.
   */
  async function setUserStatus(
    admin: AuthUser,
    userId: string,
    action: 'suspend' | 'reinstate',
    reason: string | null,
  ): Promise<AdminUserDetail> {
    const revoked = await db.transaction(async (tx) => {
      const u = await repo.lockUser(tx, userId);
      if (!u) throw msg.userNotFound();
      if (action === 'suspend') {
        const refusal = policy.suspendRefusal(admin.id, u);
        if (refusal === 'self') throw msg.cannotSuspendSelf();
        if (refusal === 'admin') throw msg.cannotSuspendAdmin();
        if (refusal === 'deleted') throw msg.accountDeleted();
        if (refusal === 'already_suspended') throw msg.alreadySuspended();
      } else if (u.status !== 'suspended') {
        throw msg.notSuspended();
      }
      const now = clock.now();
      await repo.setUserStatus(tx, u.id, action === 'suspend' ? 'suspended' : 'active');
      const ids = action === 'suspend' ? await endAllSessions(tx, u.id, now) : [];
      const auditId = uuidv7();
      await repo.insertAudit(tx, {
        id: auditId,
        actorId: admin.id,
        action: `user.${action}`,
        subjectType: 'user',
        subjectId: u.id,
        detail: {
          ...(reason ? { reason } : {}),
          ...(action === 'suspend' ? { sessionsEnded: ids.length } : {}),
        },
        at: now,
      });
      const mail =
        action === 'suspend'
          ? msg.accountSuspendedMail({
              to: u.email,
              fullName: u.fullName,
              reason: reason ?? '',
              publicUrl: config.publicUrl,
            })
          : msg.accountReinstatedMail({
              to: u.email,
              fullName: u.fullName,
              publicUrl: config.publicUrl,
            });
      await enqueueMail(tx, mail, `audit:${auditId}:mail`);
      // A suspended pro must not stay bookable while they cannot sign in: their approved
      // business is suspended with the account (reinstating the account leaves it suspended;
      // an admin reinstates the business on its own page once satisfied).
      let unlisted = false;
      const vendorId = action === 'suspend' ? await repo.vendorIdOfUser(tx, u.id) : null;
      const v = vendorId ? await repo.lockVendor(tx, vendorId) : null;
      if (v && v.vettingStatus === 'approved') {
        const vendorReason = `The owner's account is suspended: ${reason ?? ''}`.trim();
        await repo.setVetting(tx, v.id, { status: 'suspended', reason: vendorReason, at: now });
        await repo.insertAudit(tx, {
          id: uuidv7(),
          actorId: admin.id,
          action: policy.vendorAction('suspend'),
          subjectType: 'vendor',
          subjectId: v.id,
          detail: { from: 'approved', to: 'suspended', reason: vendorReason },
          at: now,
        });
        await refreshVendorSearch(tx, [v.id]);
        unlisted = true;
      }
      return { ids, unlisted };
    });
    await sessions.revokeSessions(revoked.ids);
    if (revoked.unlisted) catalogueCache.purge({ search: true });
    return userDetail(userId);
  }

  return {
    /**
     * `GET /v1/admin/overview`: vendors waiting for vetting, support chats not resolved, orders
     * paid or further along whose slot starts today (UTC), approved vendors, and the captured
     * booking payments (tips excluded) of the last 30 days (`policy.GMV_WINDOW_MS`) per
     * currency, in minor units.
     */
    async overview(): Promise<AdminOverview> {
      const now = clock.now();
      const today = policy.utcDay(now);
      const [byStatus, openSupportChats, todaysBookings, gmv30d] = await Promise.all([
        repo.vendorCountsByStatus(db),
        repo.openSupportChats(db),
        repo.bookingsBetween(db, today.start, today.end, policy.BOOKED_STATUSES),
        repo.capturedSince(db, new Date(now.getTime() - policy.GMV_WINDOW_MS)),
      ]);
      return {
        pendingVettings: byStatus.get('pending') ?? 0,
        openSupportChats,
        todaysBookings,
        approvedVendors: byStatus.get('approved') ?? 0,
        gmv30d,
      };
    },

    /** `GET /v1/admin/vendors`: see {@link repo.listVendors} for the order. */
    async listVendors(q: Paged & { status?: policy.VettingStatus; q?: string }) {
      const { rows, total } = await repo.listVendors(db, q);
      return pageOf(rows.map(toVendorSummary), total, q);
    },

    /**
     * `GET /v1/admin/vendors/{id}`: the vendor, its documents, services and decisions.
     * @throws AppError 404 `vendor_not_found`
     */
    getVendor: vendorDetail,

    /** `POST /v1/admin/vendors/{id}/approve`: pending → approved. See `decide`. */
    approveVendor: (admin: AuthUser, id: string) => decide(admin, id, 'approve', null),
    /** `POST /v1/admin/vendors/{id}/reject`: pending → rejected, with the reason. */
    rejectVendor: (admin: AuthUser, id: string, reason: string) =>
      decide(admin, id, 'reject', reason),
    /** `POST /v1/admin/vendors/{id}/suspend`: approved → suspended, with the reason. */
    suspendVendor: (admin: AuthUser, id: string, reason: string) =>
      decide(admin, id, 'suspend', reason),
    /** `POST /v1/admin/vendors/{id}/reinstate`: suspended → approved. */
    reinstateVendor: (admin: AuthUser, id: string) => decide(admin, id, 'reinstate', null),

    /**
     * `GET /v1/admin/vendors/{id}/documents/{documentId}`: the stored file of one of the
     * vendor's documents, from private storage.
     * @throws AppError 404 `document_not_found` for an unknown id, another vendor's document,
     *   or a file missing from storage.
     */
    async document(vendorId: string, documentId: string): Promise<DocumentFile> {
      const doc = await repo.documentOf(db, vendorId, documentId);
      if (!doc) throw msg.documentNotFound();
      const file = await documents.get(doc.storageKey);
      if (!file) throw msg.documentNotFound();
      return {
        body: file.body,
        size: file.size,
        contentType: doc.contentType,
        fileName: doc.fileName,
      };
    },

    /** `GET /v1/admin/users`: by name or email, role and status, newest first. */
    async listUsers(q: Paged & { q?: string; role?: Role; status?: 'active' | 'suspended' }) {
      const { rows, total } = await repo.listUsers(db, q);
      return pageOf(rows.map(toAdminUser), total, q);
    },

    /**
     * `GET /v1/admin/users/{id}`: the user and the decisions about them.
     * @throws AppError 404 `user_not_found`
     */
    getUser: userDetail,

    /**
     * `POST /v1/admin/users/{id}/suspend`: status `suspended`, every session ended (sign-in and
     * token refresh are refused while suspended: auth checks the status), audit entry with the
     * reason, mail to the person.
     * @throws AppError 404 `user_not_found`; 403 `cannot_suspend_self`, `cannot_suspend_admin`;
     *   409 `account_deleted`, `already_suspended`.
     */
    suspendUser: (admin: AuthUser, id: string, reason: string) =>
      setUserStatus(admin, id, 'suspend', reason),

    /**
     * `POST /v1/admin/users/{id}/reinstate`: status `active` again (the person signs in anew).
     * @throws AppError 404 `user_not_found`; 409 `not_suspended`.
     */
    reinstateUser: (admin: AuthUser, id: string) => setUserStatus(admin, id, 'reinstate', null),

    /**
     * `GET /v1/admin/orders`: newest first; `q` matches a reference (exactly or its start, in
     * any case), a customer's name or email, or the pro's business name.
     */
    async listOrders(q: Paged & { q?: string; status?: OrderStatus }) {
      const { rows, total } = await repo.listOrders(db, {
        ...q,
        reference: q.q ? policy.normaliseReference(q.q) : undefined,
      });
      return pageOf(
        rows.map((o) => ({
          id: o.id,
          reference: o.reference,
          status: o.status,
          customerName: o.customerName,
          vendorName: o.vendorName,
          serviceTitle: o.serviceTitle,
          startsAt: o.startsAt.toISOString(),
          total: { amount: o.total, currency: o.currency },
          createdAt: o.createdAt.toISOString(),
        })),
        total,
        q,
      );
    },

    /**
     * `GET /v1/admin/orders/{id}`: the order's detail as the orders domain gives it to an admin
     * (timeline included), both parties, and each of its payments (booking and tips) with the
     * provider's events and its ledger postings.
     * @throws AppError 404 `order_not_found`
     */
    async getOrder(admin: AuthUser, id: string): Promise<AdminOrderDetail> {
      const parties = await repo.orderParties(db, id);
      if (!parties) throw msg.orderNotFound();
      const [order, views] = await Promise.all([
        orders.get(admin, id),
        payments.adminViewsOfOrder(id),
      ]);
      return { order, customer: parties.customer, vendor: parties.vendor, payments: views };
    },

    /**
     * `POST /v1/admin/payments/{id}/refund`: refunds `amount` (minor units) of a captured
     * payment, or all that is left without one, through the payments domain's refund job — in
     * one transaction holding the order and payment locks, with an audit entry `payment.refund`
     * `{ amount, currency, reason, orderId, bearer }`. `bearer` `platform` (goodwill): the pro
     * keeps their share, Vetted's goodwill expense bears it; `vendor`: the pro's share is taken
     * back from their earnings and they are told why, in-app and by mail. Answers the payment
     * `refund_pending`: it becomes `refunded` (and the ledger gets the refund postings) once the
     * provider confirmed.
     * @throws AppError 404 `payment_not_found`; 409 `payment_not_captured`, `nothing_to_refund`
     *   (refunds still pending count as gone), `refund_too_large`.
     */
    async refund(
      admin: AuthUser,
      paymentId: string,
      body: AdminRefundRequest,
    ): Promise<AdminPayment> {
      const reason = body.reason ?? '';
      await db.transaction(async (tx) => {
        const locked = await lockPaymentForRefund(tx, paymentId);
        if (!locked) throw msg.paymentNotFound();
        const p = locked.payment;
        if (!isCaptured(p) || p.voidedAt) throw msg.paymentNotCaptured(p.status);
        const left = policy.refundableAmount({
          amount: p.amount,
          amountRefunded: p.amountRefunded,
          pendingRefunds: locked.pendingRefunds,
        });
        const amount = policy.refundAmount(left, body.amount);
        if (amount === 'nothing_left') throw msg.nothingToRefund();
        if (amount === 'too_much') throw msg.refundTooLarge(left, p.currency);
        await requestPaymentRefund(tx, p, amount, reason, admin.id, body.bearer);
        await repo.insertAudit(tx, {
          id: uuidv7(),
          actorId: admin.id,
          action: 'payment.refund',
          subjectType: 'payment',
          subjectId: p.id,
          detail: {
            amount,
            currency: p.currency,
            reason,
            orderId: p.orderId,
            bearer: body.bearer,
          },
          at: clock.now(),
        });
      });
      return payments.adminView(admin, paymentId);
    },

    /** `GET /v1/admin/audit`: decisions, newest first, optionally about one subject. */
    async listAudit(q: Paged & { subjectId?: string }) {
      const { rows, total } = await repo.listAudit(db, q);
      return pageOf(rows.map(toAuditEntry), total, q);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
