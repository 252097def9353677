/**
 * Use cases of a pro's vetting documents (vendors domain): list, upload into private storage
 * (never under `/media`), delete, and erase them all with the account. File deletions are jobs
 * of the transaction that removed their rows.
 */
import type { DocumentKind, VendorDocument } from '@vetted/contract';
import { DOCUMENT_MAX_BYTES } from '@vetted/contract';
import { fileTypeFromBuffer } from 'file-type';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import { enqueue } from '../../../jobs/engine';
import type { AuthUser } from '../../../platform/types';
import type { Storage } from '../../../services/storage';
import type { ServiceDeps } from '../../deps';
import { lockedProfile, requireVendor } from '../access';
import { documentDeleteJob } from '../jobs/document-delete';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';

/**
 * Erases a pro's vetting documents when their account is deleted, in the deletion's
 * transaction: the rows now, the private files through the outbox ((job `vendor.document.delete`))
 * once that committed. Identity papers are not kept for a business that no longer exists; the
 * audit log keeps what was decided about them.
 */
export async function eraseVendorDocuments(tx: DbOrTx, vendorId: string): Promise<void> {
  const rows = await repo.deleteAllDocuments(tx, vendorId);
  if (rows.length === 0) return;
  await enqueue(
    tx,
    documentDeleteJob,
    { keys: rows.map((r) => r.storageKey) },
    { key: `vendor:${vendorId}:erase-documents` },
  );
}

/** One `POST /v1/vendor/documents` as the route read it. */
export interface DocumentUpload {
  /** The `kind` field as sent, unchecked. */
  kind: string | undefined;
  /** The `file` part; null when none was sent. */
  file: { data: Buffer; fileName?: string } | null;
}

/** What the document use cases need: the database, the time and the private storage. */
export interface DocumentsDeps extends Pick<ServiceDeps, 'db' | 'clock'> {
  /** Private storage of vetting documents (`app.privateStorage`), never served under `/media`. */
  documents: Storage;
}

/**
 * `GET /v1/vendor/documents`: the caller's vetting documents, newest first.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`.
 */
export async function listDocuments(
  { db }: Pick<DocumentsDeps, 'db'>,
  user: AuthUser,
): Promise<VendorDocument[]> {
  const profile = await requireVendor(db, user);
  return (await repo.listDocuments(db, profile.id)).map(repo.toDocumentDto);
}

/**
 * `POST /v1/vendor/documents`: checks the upload (a file, a known kind, at most
 * DOCUMENT_MAX_BYTES = 10 MB, a PDF, JPEG, PNG or WebP by its magic bytes — never by its
 * name), stores it in private storage under `vendor-documents/<vendorId>/<id>.<ext>` and
 * records it. At most policy.MAX_DOCUMENTS (20) per vendor. A file whose row could not be
 * written is removed again.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 400 `document_missing` "No
 *   document selected", 400 `invalid_document_kind`, 413 `document_too_large`, 415
 *   `unsupported_document_type`, 409 `too_many_documents`.
 */
export async function uploadDocument(
  { db, clock, documents }: DocumentsDeps,
  user: AuthUser,
  upload: DocumentUpload,
): Promise<VendorDocument> {
  const profile = await requireVendor(db, user);
  const data = upload.file?.data;
  if (!data || data.length === 0) throw msg.documentMissing();
  const kind: DocumentKind | null = policy.parseDocumentKind(upload.kind);
  if (!kind) throw msg.invalidKind();
  if (data.length > DOCUMENT_MAX_BYTES) throw msg.documentTooLarge();
  const detected = (await fileTypeFromBuffer(data))?.mime;
  if (!policy.isDocumentContentType(detected)) throw msg.unsupportedDocumentType();
  if ((await repo.countDocuments(db, profile.id)) >= policy.MAX_DOCUMENTS) {
    throw msg.tooManyDocuments(policy.MAX_DOCUMENTS);
  }

  const id = uuidv7();
  const storageKey = policy.documentStorageKey(profile.id, id, detected);
  await documents.put(storageKey, data, detected);
  try {
    const row = await db.transaction(async (tx) => {
      const locked = await lockedProfile(tx, user);
      if ((await repo.countDocuments(tx, locked.id)) >= policy.MAX_DOCUMENTS) {
        throw msg.tooManyDocuments(policy.MAX_DOCUMENTS);
      }
      return repo.insertDocument(tx, {
        id,
        vendorId: locked.id,
        kind,
        storageKey,
        fileName: policy.documentFileName(upload.file?.fileName, kind, detected),
        contentType: detected,
        sizeBytes: data.length,
        createdAt: clock.now(),
      });
    });
    return repo.toDocumentDto(row);
  } catch (err) {
    // Nothing refers to the file: remove it rather than leave an orphan.
    await documents.delete(storageKey).catch(() => undefined);
    throw err;
  }
}

/**
 * `DELETE /v1/vendor/documents/{id}`: deletes one of the caller's documents — not while the
 * profile is under review — and its file through the outbox ((job `vendor.document.delete`))
 * once that committed. Answers the remaining documents.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 404 `document_not_found` (also
 *   another vendor's document), 409 `under_review` while pending.
 */
export async function deleteDocument(
  { db }: Pick<DocumentsDeps, 'db'>,
  user: AuthUser,
  id: string,
): Promise<VendorDocument[]> {
  const vendorId = await db.transaction(async (tx) => {
    const profile = await lockedProfile(tx, user);
    const docs = await repo.listDocuments(tx, profile.id);
    if (!docs.some((d) => d.id === id)) throw msg.documentNotFound();
    if (!policy.canDeleteDocument(profile.vettingStatus)) throw msg.documentUnderReview();
    const row = await repo.deleteDocument(tx, profile.id, id);
    if (!row) throw msg.documentNotFound();
    await enqueue(
      tx,
      documentDeleteJob,
      { keys: [row.storageKey] },
      { key: `vendor-document:${row.id}:delete` },
    );
    return profile.id;
  });
  return (await repo.listDocuments(db, vendorId)).map(repo.toDocumentDto);
}
