import type { DocumentKind, VendorDocument } from '@vetted/contract';
import { Badge, Button, Card, ConfirmDialog } from '@vetted/ui';
import { FileText, Trash2, Upload } from 'lucide-react';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';
import { formatBytes, formatDate } from '../../lib/format';
import { DOCUMENT_ACCEPT, documentFileProblem, MAX_SIZE_TEXT } from './document-file';

/**
 * One kind of vetting document as a card: its title and whether it is required (and uploaded),
 * its files with "Delete" (disabled while `locked`, i.e. under review), and the upload.
 */
export function DocumentCard({
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
  const headingId = `document-${kind}`;
  const hintId = `${headingId}-hint`;
  const lockedId = `${headingId}-locked`;
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
          {documents.map((d) => (
            <DocumentFileItem
              key={d.id}
              document={d}
              locked={locked}
              lockedId={lockedId}
              deleteWarning={
                required && documents.length === 1
                  ? `You need ${title.toLowerCase()} to submit your profile for review: upload another one afterwards.`
                  : 'Vetted’s team will no longer see this file.'
              }
              onDelete={onDelete}
            />
          ))}
        </ul>
      ) : null}

      {locked && documents.length > 0 ? (
        <p id={lockedId} className="text-sm text-muted">
          Your profile is under review: files cannot be deleted until Vetted’s team has decided.
        </p>
      ) : null}

      <DocumentUpload
        kind={kind}
        title={title}
        hintId={hintId}
        hasFiles={documents.length > 0}
        onUpload={onUpload}
      />
    </Card>
  );
}

/** One uploaded file: name, size and date, and "Delete" after confirming (disabled when `locked`). */
function DocumentFileItem({
  document: d,
  locked,
  lockedId,
  deleteWarning,
  onDelete,
}: {
  document: VendorDocument;
  locked: boolean;
  /** Id of the note saying why files cannot be deleted now. */
  lockedId: string;
  /** What the delete dialog says deleting means. */
  deleteWarning: string;
  onDelete: (id: string) => Promise<void>;
}) {
  const nameId = `document-file-${d.id}`;
  return (
    <li className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
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
        description={deleteWarning}
        confirmLabel="Delete file"
        destructive
        onConfirm={() => onDelete(d.id)}
      />
    </li>
  );
}

/**
 * The upload of one kind: a hidden file input behind a button, the file checked here first
 * (`documentFileProblem`), the refusal (ours or the server's) under it, and a quiet status.
 */
function DocumentUpload({
  kind,
  title,
  hintId,
  hasFiles,
  onUpload,
}: {
  kind: DocumentKind;
  title: string;
  /** Id of the card's hint (accepted types and size). */
  hintId: string;
  hasFiles: boolean;
  onUpload: (kind: DocumentKind, file: File) => Promise<void>;
}) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const [status, setStatus] = React.useState('');
  const problemId = `document-${kind}-problem`;

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
        variant={hasFiles ? 'outline' : 'primary'}
        loading={uploading}
        aria-describedby={hintId}
        className="self-start"
        onClick={() => inputRef.current?.click()}
      >
        <Upload aria-hidden="true" />
        {hasFiles ? 'Add another file' : 'Upload a file'}
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
  );
}
