import {
  type AdminOrderListQuery,
  type AdminReasonBody,
  type AdminRefundBody,
  type AdminUserListQuery,
  type AdminVendorListQuery,
  type AuditQuery,
  routes,
} from '@vetted/contract';
import type { Client } from '../client';
import { buildPath, type Call, type CallOptions } from './call';

/** `admin.*` of the typed API: the admin console (admins only). */
export function adminApi(call: Call, client: Client) {
  return {
    /** `GET /admin/overview` — counts that matter. */
    overview: (options?: CallOptions) => call('getAdminOverview', {}, options),
    /** `GET /admin/vendors` — the vetting queue (`status: 'pending'`) or a search. */
    vendors: (query: AdminVendorListQuery = {}, options?: CallOptions) =>
      call('listAdminVendors', { query }, options),
    /** `GET /admin/vendors/:id` — documents, services and decision history. */
    vendor: (id: string, options?: CallOptions) =>
      call('getAdminVendor', { params: { id } }, options),
    /** `POST /admin/vendors/:id/approve`. */
    approveVendor: (id: string, options?: CallOptions) =>
      call('approveVendor', { params: { id } }, options),
    /** `POST /admin/vendors/:id/reject` — with a reason the vendor can act on. */
    rejectVendor: (id: string, body: AdminReasonBody, options?: CallOptions) =>
      call('rejectVendor', { params: { id }, body }, options),
    /** `POST /admin/vendors/:id/suspend`. */
    suspendVendor: (id: string, body: AdminReasonBody, options?: CallOptions) =>
      call('suspendVendor', { params: { id }, body }, options),
    /** `POST /admin/vendors/:id/reinstate`. */
    reinstateVendor: (id: string, options?: CallOptions) =>
      call('reinstateVendor', { params: { id } }, options),
    /**
     * `GET /admin/vendors/:id/documents/:documentId` — a vetting document's bytes as a `Blob`
     * (sent with the access token; there is no public link to save instead).
     */
    downloadDocument: (id: string, documentId: string, options?: CallOptions) =>
      client.request<Blob>({
        ...options,
        endpoint: buildPath(routes.downloadVendorDocument.path, { id, documentId }),
        method: 'get',
        auth: true,
        responseType: 'blob',
      }),
    /** `GET /admin/users` — by name or email. */
    users: (query: AdminUserListQuery = {}, options?: CallOptions) =>
      call('listAdminUsers', { query }, options),
    /** `GET /admin/users/:id`. */
    user: (id: string, options?: CallOptions) => call('getAdminUser', { params: { id } }, options),
    /** `POST /admin/users/:id/suspend` — ends every session of the user. */
    suspendUser: (id: string, body: AdminReasonBody, options?: CallOptions) =>
      call('suspendUser', { params: { id }, body }, options),
    /** `POST /admin/users/:id/reinstate`. */
    reinstateUser: (id: string, options?: CallOptions) =>
      call('reinstateUser', { params: { id } }, options),
    /** `GET /admin/orders` — by reference, customer or pro. */
    orders: (query: AdminOrderListQuery = {}, options?: CallOptions) =>
      call('listAdminOrders', { query }, options),
    /** `GET /admin/orders/:id` — timeline, parties, provider events and ledger postings. */
    order: (id: string, options?: CallOptions) =>
      call('getAdminOrder', { params: { id } }, options),
    /** `GET /admin/payments/:id`. */
    payment: (id: string, options?: CallOptions) =>
      call('getAdminPayment', { params: { id } }, options),
    /** `POST /admin/payments/:id/refund` — full (no amount) or partial, with a reason. */
    refund: (id: string, body: AdminRefundBody, options?: CallOptions) =>
      call('refundPayment', { params: { id }, body }, options),
    /** `GET /admin/audit` — decisions, newest first. */
    audit: (query: AuditQuery = {}, options?: CallOptions) =>
      call('listAuditLog', { query }, options),
  };
}
