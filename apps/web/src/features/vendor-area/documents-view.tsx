import { MESSAGES } from '@vetted/api-client';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  type DocumentKind,
  REQUIRED_DOCUMENT_KINDS,
  type VendorDocument,
  type VendorOwnProfile,
} from '@vetted/contract';
import { Alert, AlertDescription, Badge, Button, Card, ConfirmDialog, Skeleton } from '@vetted/ui';
import { FileText, Lock, Trash2, Upload } from 'lucide-react';
import * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { errorMessage } from '../../lib/errors';
import { formatDate, formatBytes } from '../../lib/format';

/** What the file picker offers (the contract's `DOCUMENT_CONTENT_TYPES` by extension). */
export const DOCUMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.webp';

const EXTENSIONS: Record<string, (typeof DOCUMENT_CONTENT_TYPES)[number]> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** "10 MB": the largest document, in words (`DOCUMENT_MAX_BYTES`). */
const MAX_SIZE_TEXT = `${Math.round(DOCUMENT_MAX_BYTES / (1024 * 1024))} MB`;

/**
 * Why `file` cannot be uploaded as a vetting document, or null when it may be: more than
 * `DOCUMENT_MAX_BYTES` (10 MB), or not a PDF, JPEG, PNG or WebP by its type (or, when the browser
 * gives none, its extension). The server checks again by magic bytes.
 */
export function documentFileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  const type = file.type || EXTENSIONS[extension] || '';
  if (!(DOCUMENT_CONTENT_TYPES as readonly string[]).includes(type)) {
    return 'Choose a PDF, JPEG, PNG or WebP file.';
  }
  if (file.size > DOCUMENT_MAX_BYTES) {
    return `This file is ${formatBytes(file.size)}. Documents can be up to ${MAX_SIZE_TEXT}.`;
  }
  return null;
}

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

function DocumentCard({
  kind,
  title,
  description,
  required,
  documents,
  locked,
  onUpload,
  onDelete,
}: {
  kind: DocumentKind;
  title: string;
  description: string;
  required: boolean;
  documents: VendorDocument[];
  locked: boolean;
  onUpload: (kind: DocumentKind, file: File) => Promise<void>;
  onDelete: (id: string) => Promise<void>;
}) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [status, setStatus] = React.useState('');
  const headingId = `document-${kind}`;
  const hintId = `${headingId}-hint`;
  const problemId = `${headingId}-problem`;
  const lockedId = `${headingId}-locked`;

  const take = async (file: File | undefined) => {
    if (!file) return;
    setStatus('');
    const refused = documentFileProblem(file);
    setProblem(refused);
    if (refused) return;
    setUploading(true);
    try {
      await onUpload(kind, file);
      setStatus(`${file.name} uploaded.`);
    } catch (err) {
      setProblem(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card aria-labelledby={headingId} role="region" className="gap-4">
      <div className="flex flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          {required ? (
            <Badge variant={documents.length ? 'success' : 'warning'}>
              {documents.length ? 'Uploaded' : 'Required'}
            </Badge>
          ) : (
            <Badge variant="secondary">Optional</Badge>
          )}
        </div>
        <p id={hintId} className="text-sm text-muted">
          {description} PDF, JPEG, PNG or WebP, up to {MAX_SIZE_TEXT}.
        </p>
      </div>

      {documents.length > 0 ? (
        <ul
          aria-label={`${title} files`}
          className="flex flex-col divide-y divide-border rounded-md border border-border"
        >
          {documents.map((d) => {
            const nameId = `document-file-${d.id}`;
            return (
              <li key={d.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <FileText aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
                  <div className="flex min-w-0 flex-col">
                    <span id={nameId} className="font-medium break-all">
                      {d.fileName}
                    </span>
                    <span className="text-sm text-muted">
                      {formatBytes(d.sizeBytes)} · uploaded {formatDate(d.createdAt)}
                    </span>
                  </div>
                </div>
                <ConfirmDialog
                  trigger={
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={locked}
                      aria-describedby={locked ? `${nameId} ${lockedId}` : nameId}
                      className="self-start sm:self-center"
                    >
                      <Trash2 aria-hidden="true" /> Delete
                    </Button>
                  }
                  title={`Delete “${d.fileName}”?`}
                  description={
                    required && documents.length === 1
                      ? `You need ${title.toLowerCase()} to submit your profile for review: upload another one afterwards.`
                      : 'Vetted’s team will no longer see this file.'
                  }
                  confirmLabel="Delete file"
                  destructive
                  onConfirm={() => onDelete(d.id)}
                />
              </li>
            );
          })}
        </ul>
      ) : null}

      {locked && documents.length > 0 ? (
        <p id={lockedId} className="text-sm text-muted">
          Your profile is under review: files cannot be deleted until Vetted’s team has decided.
        </p>
      ) : null}

      <div className="flex flex-col gap-2">
        <input
          ref={inputRef}
          type="file"
          accept={DOCUMENT_ACCEPT}
          aria-label={`Choose a file for ${title.toLowerCase()}`}
          aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
          // The visible button is the keyboard path; a Tab stop on this hidden input would show
          // no focus (as in @vetted/ui ImageUpload).
          tabIndex={-1}
          className="sr-only"
          onChange={(event) => {
            void take(event.currentTarget.files?.[0]);
            // Choosing the same file again after a refusal still fires `change`.
            event.currentTarget.value = '';
          }}
        />
        <Button
          variant={documents.length ? 'outline' : 'primary'}
          loading={uploading}
          aria-describedby={hintId}
          className="self-start"
          onClick={() => inputRef.current?.click()}
        >
          <Upload aria-hidden="true" />
          {documents.length ? 'Add another file' : 'Upload a file'}
          <span className="sr-only"> for {title.toLowerCase()}</span>
        </Button>
        {problem ? (
          <p id={problemId} role="alert" className="text-sm font-medium text-danger">
            {problem}
          </p>
        ) : null}
        <p role="status" className="sr-only">
          {status}
        </p>
      </div>
    </Card>
  );
}
