/**
 * The admin console's service: the vetting queue and its decisions, users and their suspension,
 * orders with their payments and refunds, the overview and the audit log. Each use case is its
 * own file under ./use-cases; this binds them to the app's dependencies.
 *
 * Every decision is one transaction: the change (through the domain that owns it), an
 * `audit_log` row (who, what, when, why) and its side effects as jobs (the person's notification
 * and mail; a refund job of the payments domain). Callers are admins: the `/v1/admin` guard
 * (./guard.ts) refused everyone else before a handler runs.
 */
import type {
  AdminPayment,
  AdminRefundRequest,
  AdminVendorDetail,
  OrderStatus,
  Role,
} from '@vetted/contract';
import type { AuthUser } from '../../platform/types';
import type { AdminDeps } from './deps';
import { type Paged, pageOf, toAuditEntry } from './dto';
import type { VettingDecision, VettingStatus } from './policy';
import { listAudit } from './repository';
import { decideAccountStatus } from './use-cases/account-status';
import { listOrdersPage, orderDetail } from './use-cases/orders';
import { overview } from './use-cases/overview';
import { refundPayment } from './use-cases/refund';
import { listUsersPage, userDetail } from './use-cases/users';
import { listVendorsPage, vendorDetail, vendorDocument } from './use-cases/vendors';
import { decideVetting } from './use-cases/vetting';

export type { AdminDeps } from './deps';
export type { DocumentFile } from './use-cases/vendors';

/** The vetting queue, a vendor's detail and documents, and the vetting decisions. */
function vendorConsole(deps: AdminDeps) {
  const { db } = deps;
  const decide = (
    admin: AuthUser,
    id: string,
    decision: VettingDecision,
    reason: string | null,
  ): Promise<AdminVendorDetail> => decideVetting(deps, admin, id, decision, reason);
  return {
    /** `GET /v1/admin/vendors`: pending ones oldest submission first, else latest decision. */
    listVendors: (q: Paged & { status?: VettingStatus; q?: string }) => listVendorsPage(db, q),

    /**
     * `GET /v1/admin/vendors/{id}`: the vendor, its documents, services and decisions.
     * @throws AppError 404 `vendor_not_found`
     */
    getVendor: (id: string) => vendorDetail(db, id, deps.clock.now()),

    /** `POST /v1/admin/vendors/{id}/approve`: pending → approved. See {@link decideVetting}. */
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
    document: (vendorId: string, documentId: string) => vendorDocument(deps, vendorId, documentId),
  };
}

/** Users, and their suspension and reinstatement. */
function userConsole(deps: AdminDeps) {
  const { db } = deps;
  return {
    /** `GET /v1/admin/users`: by name or email, role and status, newest first. */
    listUsers: (q: Paged & { q?: string; role?: Role; status?: 'active' | 'suspended' }) =>
      listUsersPage(db, q),

    /**
     * `GET /v1/admin/users/{id}`: the user and the decisions about them.
     * @throws AppError 404 `user_not_found`
     */
    getUser: (id: string) => userDetail(db, id),

    /**
     * `POST /v1/admin/users/{id}/suspend`: status `suspended`, every session ended (sign-in and
     * token refresh are refused while suspended: auth checks the status), audit entry with the
     * reason, mail to the person.
     * @throws AppError 404 `user_not_found`; 403 `cannot_suspend_self`, `cannot_suspend_admin`;
     *   409 `account_deleted`, `already_suspended`.
     */
    suspendUser: (admin: AuthUser, id: string, reason: string) =>
      decideAccountStatus(deps, admin, id, 'suspend', reason),

    /**
     * `POST /v1/admin/users/{id}/reinstate`: status `active` again (the person signs in anew).
     * @throws AppError 404 `user_not_found`; 409 `not_suspended`.
     */
    reinstateUser: (admin: AuthUser, id: string) =>
      decideAccountStatus(deps, admin, id, 'reinstate', null),
  };
}

/** Orders with their payments, and refunds. */
function orderConsole(deps: AdminDeps) {
  return {
    /**
     * `GET /v1/admin/orders`: newest first; `q` matches a reference (exactly or its start, in
     * any case), a customer's name or email, or the pro's business name.
     */
    listOrders: (q: Paged & { q?: string; status?: OrderStatus }) => listOrdersPage(deps, q),

    /**
     * `GET /v1/admin/orders/{id}`: the order's detail, both parties, and its payments.
     * @throws AppError 404 `order_not_found`
     */
    getOrder: (admin: AuthUser, id: string) => orderDetail(deps, admin, id),

    /**
     * `POST /v1/admin/payments/{id}/refund`: see {@link refundPayment}.
     * @throws AppError 404 `payment_not_found`; 409 `payment_not_captured`,
     *   `nothing_to_refund`, `refund_too_large`.
     */
    refund: (admin: AuthUser, paymentId: string, body: AdminRefundRequest): Promise<AdminPayment> =>
      refundPayment(deps, admin, paymentId, body),
  };
}

/** The admin console's service. `deps.clock` is the time of every decision and count. */
export function createAdminService(deps: AdminDeps) {
  return {
    /** `GET /v1/admin/overview`: see {@link overview}. */
    overview: () => overview(deps),
    ...vendorConsole(deps),
    ...userConsole(deps),
    ...orderConsole(deps),

    /** `GET /v1/admin/audit`: decisions, newest first, optionally about one subject. */
    async listAudit(q: Paged & { subjectId?: string }) {
      const { rows, total } = await listAudit(deps.db, q);
      return pageOf(rows.map(toAuditEntry), total, q);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
