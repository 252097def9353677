/** Output mapping of the admin console: read-model rows → the contract's admin shapes. */
import type { AdminUser, AdminVendorSummary, AuditEntry, VendorDocument } from '@vetted/contract';
import { mediaUrl } from '../../services/images';
import type { AuditView } from './repository';
import type { UserRow } from './users-read-model';
import type { DocumentRow, VendorRow } from './vendors-read-model';

/** Query of a paged list, as the contract's `pageQuerySchema` outputs it. */
export interface Paged {
  page: number;
  pageSize: number;
}

/** One page of a list, with the total and the page count. */
export const pageOf = <T>(items: T[], total: number, q: Paged) => ({
  items,
  page: q.page,
  pageSize: q.pageSize,
  total,
  totalPages: Math.ceil(total / q.pageSize),
});

export function toAuditEntry(v: AuditView): AuditEntry {
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

export function toVendorSummary(v: VendorRow): AdminVendorSummary {
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

export function toDocument(d: DocumentRow): VendorDocument {
  return {
    id: d.id,
    kind: d.kind as VendorDocument['kind'],
    fileName: d.fileName,
    contentType: d.contentType as VendorDocument['contentType'],
    sizeBytes: d.sizeBytes,
    createdAt: d.createdAt.toISOString(),
  };
}

export function toAdminUser(u: UserRow): AdminUser {
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
