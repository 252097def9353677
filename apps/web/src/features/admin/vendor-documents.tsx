import {
  type AdminVendorDetail,
  type DocumentKind,
  REQUIRED_DOCUMENT_KINDS,
  type VendorDocument,
} from '@vetted/contract';
import { Alert, AlertDescription, Button } from '@vetted/ui';
import { Download } from 'lucide-react';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';
import { formatBytes, formatDate } from '../../lib/format';
import { SectionCard } from './detail-parts';

/** A vetting document's kind in words. */
export const DOCUMENT_KIND_LABEL: Record<DocumentKind, string> = {
  identity: 'Identity document',
  insurance: 'Insurance certificate',
  licence: 'Licence',
};

/** A vetting document's type in words (contract `DOCUMENT_CONTENT_TYPES`). */
const FILE_TYPE_LABEL: Record<VendorDocument['contentType'], string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
};

/** The required document kinds (contract `REQUIRED_DOCUMENT_KINDS`) the vendor has not uploaded. */
export function missingDocumentKinds(vendor: AdminVendorDetail): DocumentKind[] {
  return REQUIRED_DOCUMENT_KINDS.filter((kind) => !vendor.documents.some((d) => d.kind === kind));
}

/**
 * The vendor's vetting documents, each with Download (through `onDownload`, with the admin's
 * session), the required kinds still missing, and why a download failed.
 */
export function VendorDocuments({
  vendor,
  missingKinds,
  onDownload,
}: {
  vendor: AdminVendorDetail;
  missingKinds: readonly DocumentKind[];
  /** Fetches the document and saves it; a rejection is shown in the card. */
  onDownload: (doc: VendorDocument) => Promise<void>;
}) {
  const [busyId, setBusyId] = React.useState<string | null>(null);
  const [failure, setFailure] = React.useState<string | null>(null);
  const download = async (doc: VendorDocument) => {
    setBusyId(doc.id);
    setFailure(null);
    try {
      await onDownload(doc);
    } catch (error) {
      setFailure(`Could not download ${doc.fileName}: ${errorMessage(error)}`);
    } finally {
      setBusyId(null);
    }
  };
  return (
    <SectionCard
      title="Documents"
      description={
        <p className="text-sm text-muted">
          Stored privately and downloaded with your admin session, never through a public link.
          Required: identity document and insurance certificate.
        </p>
      }
      contentClassName="flex flex-col gap-3"
    >
      {vendor.documents.length === 0 ? (
        <p className="text-muted">No documents uploaded.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {vendor.documents.map((doc) => (
            <li
              key={doc.id}
              className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="flex min-w-0 flex-col gap-0.5">
                <span className="font-medium">{DOCUMENT_KIND_LABEL[doc.kind]}</span>
                <span className="text-sm break-all">{doc.fileName}</span>
                <span className="text-xs text-muted">
                  {FILE_TYPE_LABEL[doc.contentType]} · {formatBytes(doc.sizeBytes)} · uploaded{' '}
                  <time dateTime={doc.createdAt}>{formatDate(doc.createdAt)}</time>
                </span>
              </div>
              <Button
                variant="outline"
                size="sm"
                loading={busyId === doc.id}
                onClick={() => download(doc)}
                aria-label={`Download ${doc.fileName}`}
                className="self-start sm:self-center"
              >
                <Download aria-hidden="true" /> Download
              </Button>
            </li>
          ))}
        </ul>
      )}
      {missingKinds.length > 0 ? (
        <p className="text-sm font-medium text-warning">
          Not uploaded: {missingKinds.map((k) => DOCUMENT_KIND_LABEL[k].toLowerCase()).join(', ')}.
        </p>
      ) : null}
      {failure ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : null}
    </SectionCard>
  );
}
