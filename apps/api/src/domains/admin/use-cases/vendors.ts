/** The vetting queue, a vendor's detail, and its vetting documents. */
import type { AdminVendorDetail } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import type { Storage, StoredObject } from '../../../services/storage';
import { type Paged, pageOf, toAuditEntry, toDocument, toVendorSummary } from '../dto';
import { vendorNoShowCount } from '../../orders';
import * as msg from '../messages';
import type { VettingStatus } from '../policy';
import { auditOf } from '../repository';
import { documentOf, documentsOf, getVendor, listVendors, servicesOf } from '../vendors-read-model';

/** A vetting document ready to send: its bytes and how to name them. */
export interface DocumentFile {
  body: StoredObject['body'];
  /** Bytes. */
  size: number;
  contentType: string;
  fileName: string;
}

/** `GET /v1/admin/vendors`: see {@link listVendors} for the order. */
export async function listVendorsPage(
  db: DbOrTx,
  q: Paged & { status?: VettingStatus; q?: string },
) {
  const { rows, total } = await listVendors(db, q);
  return pageOf(rows.map(toVendorSummary), total, q);
}

/**
 * `GET /v1/admin/vendors/{id}`: the vendor, its documents, services and decisions, and its
 * reliability: the customers' "Pro didn't come" reports in the 90 days before `now` (the
 * orders domain's count, `NO_SHOW_POLICY.reliabilityWindowMs`).
 * @throws AppError 404 `vendor_not_found`
 */
export async function vendorDetail(db: DbOrTx, id: string, now: Date): Promise<AdminVendorDetail> {
  const v = await getVendor(db, id);
  if (!v) throw msg.vendorNotFound();
  const [docs, services, audit, noShows] = await Promise.all([
    documentsOf(db, id),
    servicesOf(db, id),
    auditOf(db, id),
    vendorNoShowCount(db, id, now),
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
    noShows90d: noShows,
  };
}

/**
 * `GET /v1/admin/vendors/{id}/documents/{documentId}`: the stored file of one of the
 * vendor's documents, from private storage.
 * @throws AppError 404 `document_not_found` for an unknown id, another vendor's document,
 *   or a file missing from storage.
 */
export async function vendorDocument(
  { db, documents }: { db: DbOrTx; documents: Storage },
  vendorId: string,
  documentId: string,
): Promise<DocumentFile> {
  const doc = await documentOf(db, vendorId, documentId);
  if (!doc) throw msg.documentNotFound();
  const file = await documents.get(doc.storageKey);
  if (!file) throw msg.documentNotFound();
  return {
    body: file.body,
    size: file.size,
    contentType: doc.contentType,
    fileName: doc.fileName,
  };
}
