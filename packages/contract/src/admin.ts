import { z } from 'zod';
import { vettingStatusSchema } from './catalogue';
import {
  isoDateTime,
  moneySchema,
  pagedSchema,
  pageQuerySchema,
  roleSchema,
  text,
  uuid,
} from './common';
import { orderDetailSchema, orderStatusSchema, paymentSchema } from './orders';
import { vendorDocumentSchema } from './vendor';

/** One thing the payment provider did to the card (sandbox fake bank, or Stripe). Amounts in minor units. */
export const providerEventSchema = z.object({
  type: z.enum(['authorization', 'capture', 'void', 'refund', 'payout']),
  amount: z.number().int(),
  idempotencyKey: z.string().nullable(),
  at: isoDateTime,
});
export type ProviderEventDto = z.infer<typeof providerEventSchema>;

/** One posting of the double-entry ledger: amount in minor units, debit +, credit −. */
export const ledgerEntrySchema = z.object({
  id: uuid,
  /** Null for a payout, which belongs to the vendor rather than to an order. */
  orderId: uuid.nullable(),
  paymentId: uuid.nullable(),
  account: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  kind: z.enum(['charge', 'platform_fee', 'vendor_payable', 'refund', 'payout', 'tip']),
  createdAt: isoDateTime,
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/** `GET /v1/admin/payments/{id}`: the payment, what the provider did, and its ledger postings. */
export const adminPaymentSchema = z.object({
  payment: paymentSchema,
  providerEvents: z.array(providerEventSchema),
  ledger: z.array(ledgerEntrySchema),
  /**
   * Minor units of what is left to refund (refunds still pending count as gone) that is the
   * pro's share: refunds take the pro's part first and the booking fee only beyond it, so a
   * refund of `a` takes `min(a, proShareLeft)` of it from the pro — or, when Vetted bears it,
   * leaves them that much.
   */
  proShareLeft: z.number().int(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;

/** Who bears an admin refund's part beyond the booking fee: Vetted (goodwill) or the pro. */
export const refundBearerSchema = z.enum(['platform', 'vendor']);
export type RefundBearer = z.infer<typeof refundBearerSchema>;

/** 400 of a refund recovered from the pro without a reason: they are told it. */
export const VENDOR_REFUND_REASON_MESSAGE =
  'Say why the pro bears this refund: they are told the reason';

/**
 * `POST /v1/admin/payments/{id}/refund` body: `amount` (minor units) or, without it, all that is
 * left; `bearer` (default `platform`): `platform` is a goodwill refund Vetted pays (the pro keeps
 * their share), `vendor` recovers the pro's share from their earnings and tells them. `reason`
 * (3–500 characters) is required either way, for the audit log; when the pro bears the refund
 * the 400 says they are told it ({@link VENDOR_REFUND_REASON_MESSAGE}).
 */
export const adminRefundBodySchema = z
  .object({
    amount: z.number().int().positive().optional(),
    bearer: refundBearerSchema.default('platform'),
    reason: text().trim().max(500).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.reason !== undefined && body.reason.length >= 3) return;
    ctx.addIssue({
      code: 'custom',
      path: ['reason'],
      message:
        body.bearer === 'vendor' ? VENDOR_REFUND_REASON_MESSAGE : 'Say why the refund is given',
    });
  });
export type AdminRefundBody = z.input<typeof adminRefundBodySchema>;
/** The refund body as the API reads it: `bearer` defaulted, `reason` checked and trimmed. */
export type AdminRefundRequest = z.output<typeof adminRefundBodySchema>;

/** One entry of the audit log: who did what to which subject, and when. */
export const auditEntrySchema = z.object({
  id: uuid,
  action: z.string(),
  subjectType: z.enum(['vendor', 'user', 'payment', 'order']),
  subjectId: uuid,
  actor: z.object({ id: uuid, fullName: z.string() }).nullable(),
  /** Reason, amount or other facts of the decision. */
  detail: z.record(z.string(), z.unknown()),
  createdAt: isoDateTime,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /v1/admin/audit` query. */
export const auditQuerySchema = pageQuerySchema.extend({
  subjectId: uuid.optional(),
});
export const auditPageSchema = pagedSchema(auditEntrySchema);

/** `GET /v1/admin/overview`: counts that matter; GMV in minor units per currency. */
export const adminOverviewSchema = z.object({
  pendingVettings: z.number().int(),
  openSupportChats: z.number().int(),
  /** Orders with a slot today (UTC) that are paid or further along. */
  todaysBookings: z.number().int(),
  approvedVendors: z.number().int(),
  /** Captured order totals of the last 30 days, per currency. */
  gmv30d: z.array(moneySchema),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

/** `GET /v1/admin/vendors` query: by vetting status, business name or owner email. */
export const adminVendorListQuerySchema = pageQuerySchema.extend({
  status: vettingStatusSchema.optional(),
  q: text().trim().max(100).optional(),
});

/** A vendor in the vetting queue. */
export const adminVendorSummarySchema = z.object({
  id: uuid,
  userId: uuid,
  businessName: z.string(),
  ownerName: z.string(),
  ownerEmail: z.string(),
  primaryCategory: z.object({ slug: z.string(), name: z.string() }).nullable(),
  city: z.string(),
  country: z.string(),
  vettingStatus: vettingStatusSchema,
  vettingReason: z.string().nullable(),
  submittedAt: isoDateTime.nullable(),
  documentCount: z.number().int(),
  serviceCount: z.number().int(),
  createdAt: isoDateTime,
});
export type AdminVendorSummary = z.infer<typeof adminVendorSummarySchema>;
export const adminVendorPageSchema = pagedSchema(adminVendorSummarySchema);

/** `GET /v1/admin/vendors/{id}`: the vendor, its documents, services and decision history. */
export const adminVendorDetailSchema = adminVendorSummarySchema.extend({
  tagline: z.string(),
  bio: z.string(),
  serviceRadiusKm: z.number(),
  timeZone: z.string(),
  documents: z.array(vendorDocumentSchema),
  services: z.array(
    z.object({ id: uuid, title: z.string(), price: moneySchema, active: z.boolean() }),
  ),
  audit: z.array(auditEntrySchema),
  /**
   * Reliability: bookings whose customer reported "Pro didn't come" in the last 90 days
   * (`NO_SHOW_POLICY.reliabilityWindowMs`). Optional, so older fixtures stay valid.
   */
  noShows90d: z.number().int().nonnegative().optional(),
});
export type AdminVendorDetail = z.infer<typeof adminVendorDetailSchema>;

/** Body of reject and suspend (vendors and users): the reason, shown to the person. */
export const adminReasonBodySchema = z.object({
  reason: text().trim().min(3, 'Give a reason the person can act on').max(500),
});
export type AdminReasonBody = z.infer<typeof adminReasonBodySchema>;

/** `GET /v1/admin/users` query: by name or email, role and status. */
export const adminUserListQuerySchema = pageQuerySchema.extend({
  q: text().trim().max(100).optional(),
  role: roleSchema.optional(),
  status: z.enum(['active', 'suspended']).optional(),
});

export const adminUserSchema = z.object({
  id: uuid,
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: roleSchema,
  status: z.enum(['active', 'suspended']),
  avatarUrl: z.string().nullable(),
  vendorId: uuid.nullable(),
  emailVerified: z.boolean(),
  deleted: z.boolean(),
  orderCount: z.number().int(),
  createdAt: isoDateTime,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserPageSchema = pagedSchema(adminUserSchema);
/** `GET /v1/admin/users/{id}`: the user and the decisions about them. */
export const adminUserDetailSchema = adminUserSchema.extend({ audit: z.array(auditEntrySchema) });
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** `GET /v1/admin/orders` query: `q` matches a reference (e.g. `VT-7K2M9Q`), a customer or a pro. */
export const adminOrderListQuerySchema = pageQuerySchema.extend({
  q: text().trim().max(100).optional(),
  status: orderStatusSchema.optional(),
});
export const adminOrderSummarySchema = z.object({
  id: uuid,
  reference: z.string(),
  status: orderStatusSchema,
  customerName: z.string(),
  vendorName: z.string(),
  serviceTitle: z.string(),
  startsAt: isoDateTime,
  total: moneySchema,
  createdAt: isoDateTime,
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export const adminOrderPageSchema = pagedSchema(adminOrderSummarySchema);

/**
 * `GET /v1/admin/orders/{id}`: the order with its timeline, both parties, and each payment with
 * its provider events and ledger postings.
 */
export const adminOrderDetailSchema = z.object({
  order: orderDetailSchema,
  customer: z.object({ id: uuid, fullName: z.string(), email: z.string() }),
  vendor: z.object({ id: uuid, businessName: z.string(), ownerEmail: z.string() }),
  payments: z.array(adminPaymentSchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;
export type AdminVendorListQuery = z.input<typeof adminVendorListQuerySchema>;
export type AdminUserListQuery = z.input<typeof adminUserListQuerySchema>;
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;
export type AuditQuery = z.input<typeof auditQuerySchema>;
