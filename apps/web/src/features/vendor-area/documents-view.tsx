import { MESSAGES } from '@vetted/api-client';
import {
  type DocumentKind,
  REQUIRED_DOCUMENT_KINDS,
  type VendorDocument,
  type VendorOwnProfile,
} from '@vetted/contract';
import { Alert, AlertDescription, Skeleton } from '@vetted/ui';
import { Lock } from 'lucide-react';
import { ErrorState } from '../../components/error-state';
import { DocumentCard } from './document-card';

const KINDS: { kind: DocumentKind; title: string; description: string }[] = [
  {
    kind: 'identity',
    title: 'Proof of identity',
    description: 'A passport, national ID card or driving licence, with your name and photo.',
  },
  {
    kind: 'insurance',
    title: 'Insurance certificate',
    description: 'Public liability insurance covering the work you offer, with its end date.',
  },
  {
    kind: 'licence',
    title: 'Trade licence',
    description: 'A licence or certification for your trade, where your trade has one.',
  },
];

export interface DocumentsViewProps {
  /** The pro's documents, newest first (`documents` of `GET /v1/vendor/profile`). */
  documents?: VendorDocument[];
  /** Vetting status: documents cannot be deleted while `pending` (under review). */
  vettingStatus?: VendorOwnProfile['vettingStatus'];
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Uploads `file` as a document of `kind`; rejects with the API's error (shown on the card). */
  onUpload: (kind: DocumentKind, file: File) => Promise<void>;
  /** Deletes document `id` (after the person confirmed); rejects on failure (the caller reports it). */
  onDelete: (id: string) => Promise<void>;
}

/**
 * `/vendor/documents`: one card per kind — identity and insurance required, a licence
 * optional — with the uploaded files (name, size, date), an upload checked here for type and size
 * before it is sent (the server's message shows otherwise), and delete after confirming, which is
 * disabled while the profile is under review. Says that only Vetted's vetting team sees them.
 */
export function DocumentsView(props: DocumentsViewProps) {
  const { documents, isLoading, error, onRetry } = props;
  if (error && !documents) {
    return (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  }
  if (isLoading || !documents) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading documents"
        className="flex flex-col gap-4"
      >
        {KINDS.map((k) => (
          <Skeleton key={k.kind} className="h-36 rounded-lg" />
        ))}
      </div>
    );
  }
  const locked = props.vettingStatus === 'pending';
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="info">
        <Lock aria-hidden="true" />
        <AlertDescription>
          <p>
            Only Vetted’s vetting team can open these files. They are stored privately: never on
            your public profile and never at a public link.
          </p>
        </AlertDescription>
      </Alert>
      {KINDS.map((k) => (
        <DocumentCard
          key={k.kind}
          {...k}
          required={(REQUIRED_DOCUMENT_KINDS as readonly DocumentKind[]).includes(k.kind)}
          documents={documents.filter((d) => d.kind === k.kind)}
          locked={locked}
          onUpload={props.onUpload}
          onDelete={props.onDelete}
        />
      ))}
    </div>
  );
}
