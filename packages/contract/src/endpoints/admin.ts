import { z } from 'zod';
import {
  adminOrderDetailSchema,
  adminOrderListQuerySchema,
  adminOrderPageSchema,
  adminOverviewSchema,
  adminPaymentSchema,
  adminReasonBodySchema,
  adminRefundBodySchema,
  adminUserDetailSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  adminVendorDetailSchema,
  adminVendorListQuerySchema,
  adminVendorPageSchema,
  auditPageSchema,
  auditQuerySchema,
} from '../admin';
import { routes } from '../routes';
import { type EndpointDef, idParamsSchema, vendorDocumentParamsSchema } from './shared';

/** The admin console; every route refuses non-admins with 403. */
export const adminEndpoints = {
  getAdminOverview: {
    ...routes.getAdminOverview,
    response: adminOverviewSchema,
    summary:
      'Counts that matter: pending vettings, open support chats, today’s bookings, GMV (admins only)',
  },
  listAdminVendors: {
    ...routes.listAdminVendors,
    query: adminVendorListQuerySchema,
    response: adminVendorPageSchema,
    summary: 'Vendors by vetting status (pending: oldest submission first) or name (admins only)',
  },
  getAdminVendor: {
    ...routes.getAdminVendor,
    params: idParamsSchema,
    response: adminVendorDetailSchema,
    summary: 'A vendor with documents, services and decision history (admins only)',
  },
  approveVendor: {
    ...routes.approveVendor,
    params: idParamsSchema,
    response: adminVendorDetailSchema,
    summary:
      'Approve a pending vendor: listed and bookable at once (admins only; 409 unless pending)',
  },
  rejectVendor: {
    ...routes.rejectVendor,
    params: idParamsSchema,
    body: adminReasonBodySchema,
    response: adminVendorDetailSchema,
    summary:
      'Reject a pending vendor with a reason they can act on; they may resubmit (admins only)',
  },
  suspendVendor: {
    ...routes.suspendVendor,
    params: idParamsSchema,
    body: adminReasonBodySchema,
    response: adminVendorDetailSchema,
    summary: 'Suspend an approved vendor: unlisted, no new bookings (admins only)',
  },
  reinstateVendor: {
    ...routes.reinstateVendor,
    params: idParamsSchema,
    response: adminVendorDetailSchema,
    summary: 'Reinstate a suspended vendor as approved (admins only)',
  },
  downloadVendorDocument: {
    ...routes.downloadVendorDocument,
    params: vendorDocumentParamsSchema,
    response: z.string(),
    summary: 'Download a vetting document as an attachment (raw bytes, not wrapped; admins only)',
  },
  listAdminUsers: {
    ...routes.listAdminUsers,
    query: adminUserListQuerySchema,
    response: adminUserPageSchema,
    summary: 'Users by name or email, role and status (admins only)',
  },
  getAdminUser: {
    ...routes.getAdminUser,
    params: idParamsSchema,
    response: adminUserDetailSchema,
    summary: 'A user and the decisions about them (admins only)',
  },
  suspendUser: {
    ...routes.suspendUser,
    params: idParamsSchema,
    body: adminReasonBodySchema,
    response: adminUserDetailSchema,
    summary:
      'Suspend a user: sign-in refused and every session ended (admins only; not another admin)',
  },
  reinstateUser: {
    ...routes.reinstateUser,
    params: idParamsSchema,
    response: adminUserDetailSchema,
    summary: 'Reinstate a suspended user (admins only)',
  },
  listAdminOrders: {
    ...routes.listAdminOrders,
    query: adminOrderListQuerySchema,
    response: adminOrderPageSchema,
    summary: 'Orders by reference, customer or pro, newest first (admins only)',
  },
  getAdminOrder: {
    ...routes.getAdminOrder,
    params: idParamsSchema,
    response: adminOrderDetailSchema,
    summary:
      'An order with its timeline, parties, provider events and ledger postings (admins only)',
  },
  refundPayment: {
    ...routes.refundPayment,
    params: idParamsSchema,
    body: adminRefundBodySchema,
    response: adminPaymentSchema,
    summary:
      'Refund a captured payment in full or in part, paid by Vetted (goodwill) or recovered from the pro, through the outbox (admins only)',
  },
  listAuditLog: {
    ...routes.listAuditLog,
    query: auditQuerySchema,
    response: auditPageSchema,
    summary: 'Admin decisions, newest first (admins only)',
  },
} as const satisfies Record<string, EndpointDef>;
