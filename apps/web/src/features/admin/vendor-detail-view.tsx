import { MESSAGES } from '@vetted/api-client';
import {
  type AdminReasonBody,
  type AdminVendorDetail,
  type DocumentKind,
  REQUIRED_DOCUMENT_KINDS,
  type VendorDocument,
} from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Badge,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  CardHeader,
  Price,
  Skeleton,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@vetted/ui';
import {
  Ban,
  CheckCircle2,
  Clock,
  Download,
  FileWarning,
  PencilLine,
  RotateCcw,
  XCircle,
} from 'lucide-react';
import * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { errorMessage } from '../../lib/errors';
import { formatBytes, formatDate, formatDateTime } from '../../lib/format';
import { AdminLink } from './admin-link';
import { AuditHistory } from './audit-history';
import { ConfirmAction } from './confirm-action';
import { ReasonDialog } from './reason-dialog';
import { VettingStatusBadge } from './status-badges';

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

/** The decisions of the vendor page (a dialog each). */
export type VendorDecision = 'approve' | 'reject' | 'suspend' | 'reinstate';

export interface AdminVendorDetailViewProps {
  vendor?: AdminVendorDetail;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Each resolves once the API answered; a rejection keeps its dialog open with the error. */
  onApprove: () => Promise<void>;
  onReject: (body: AdminReasonBody) => Promise<void>;
  onSuspend: (body: AdminReasonBody) => Promise<void>;
  onReinstate: () => Promise<void>;
  /** Fetches the document with the admin's token and saves it; a rejection is shown. */
  onDownload: (document: VendorDocument) => Promise<void>;
  /** Opens this decision's dialog on first render (stories). */
  openDecision?: VendorDecision;
}

/**
 * `/admin/vendors/:id`: one vendor's profile facts, vetting documents (downloaded
 * with the admin's token, never through a public link), services, the decisions its status
 * allows — Approve (confirmed), Reject and Suspend (with the reason the vendor is told),
 * Reinstate (confirmed) — and the decision history.
 */
export function AdminVendorDetailView({
  vendor,
  isLoading,
  error,
  onRetry,
  onApprove,
  onReject,
  onSuspend,
  onReinstate,
  onDownload,
  openDecision,
}: AdminVendorDetailViewProps) {
  const crumbs = (
    <Breadcrumbs
      items={[
        { label: 'Vendors', href: ROUTES.admin.vendors },
        { label: vendor?.businessName ?? 'Vendor' },
      ]}
    />
  );
  if (error && !vendor) {
    return (
      <div className="flex flex-col gap-6">
        {crumbs}
        <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
      </div>
    );
  }
  if (isLoading || !vendor) {
    return (
      <div
        className="flex flex-col gap-6"
        role="status"
        aria-busy="true"
        aria-label="Loading vendor"
      >
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-9 w-72 max-w-full" />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px]">
          <Skeleton className="h-80 rounded-lg" />
          <Skeleton className="h-80 rounded-lg" />
        </div>
      </div>
    );
  }

  const missingKinds = REQUIRED_DOCUMENT_KINDS.filter(
    (kind) => !vendor.documents.some((d) => d.kind === kind),
  );

  return (
    <div className="flex flex-col gap-6">
      {crumbs}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
              {vendor.businessName}
            </h1>
            <VettingStatusBadge status={vendor.vettingStatus} />
          </div>
          <p className="text-sm break-words text-muted">
            {vendor.ownerName} · {vendor.ownerEmail}
          </p>
        </div>
        <Decisions
          vendor={vendor}
          onApprove={onApprove}
          onReject={onReject}
          onSuspend={onSuspend}
          onReinstate={onReinstate}
          openDecision={openDecision}
        />
      </div>

      <StatusNotice vendor={vendor} missingKinds={missingKinds} />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          <Documents vendor={vendor} missingKinds={missingKinds} onDownload={onDownload} />
          <Card>
            <CardHeader>
              <h2 className="text-base leading-snug font-semibold">Services</h2>
            </CardHeader>
            <CardContent>
              {vendor.services.length === 0 ? (
                <p className="text-muted">No services yet.</p>
              ) : (
                <Table label="Services">
                  <TableCaption className="sr-only">Services of {vendor.businessName}</TableCaption>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Service</TableHead>
                      <TableHead className="text-right">Price</TableHead>
                      <TableHead>Status</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {vendor.services.map((service) => (
                      <TableRow key={service.id}>
                        <TableHead scope="row" className="min-w-40">
                          {service.title}
                        </TableHead>
                        <TableCell className="text-right">
                          <Price amount={service.price.amount} currency={service.price.currency} />
                        </TableCell>
                        <TableCell>
                          {service.active ? (
                            <Badge variant="success">Active</Badge>
                          ) : (
                            <Badge variant="secondary">Inactive</Badge>
                          )}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <h2 className="text-base leading-snug font-semibold">Decision history</h2>
            </CardHeader>
            <CardContent>
              <AuditHistory
                entries={vendor.audit}
                emptyText="No decisions about this vendor yet."
              />
            </CardContent>
          </Card>
        </div>
        <Profile vendor={vendor} />
      </div>
    </div>
  );
}

/** The buttons of the decisions the vendor's status allows (the API has the final word). */
function Decisions({
  vendor,
  onApprove,
  onReject,
  onSuspend,
  onReinstate,
  openDecision,
}: Pick<
  AdminVendorDetailViewProps,
  'onApprove' | 'onReject' | 'onSuspend' | 'onReinstate' | 'openDecision'
> & { vendor: AdminVendorDetail }) {
  const name = vendor.businessName;
  switch (vendor.vettingStatus) {
    case 'pending':
      return (
        <div className="flex flex-wrap gap-2">
          <ReasonDialog
            trigger={
              <Button variant="outline">
                <XCircle aria-hidden="true" /> Reject
              </Button>
            }
            title={`Reject ${name}?`}
            description="They are not listed. We email them your reason; they can fix their profile and submit it again."
            hint="The vendor reads this: say what to fix."
            confirmLabel="Reject"
            destructive
            onSubmit={onReject}
            defaultOpen={openDecision === 'reject'}
          />
          <ConfirmAction
            trigger={
              <Button>
                <CheckCircle2 aria-hidden="true" /> Approve
              </Button>
            }
            title={`Approve ${name}?`}
            description="They are listed in search and can take bookings at once. We let them know."
            confirmLabel="Approve"
            onConfirm={onApprove}
            defaultOpen={openDecision === 'approve'}
          />
        </div>
      );
    case 'approved':
      return (
        <ReasonDialog
          trigger={
            <Button variant="outline">
              <Ban aria-hidden="true" /> Suspend
            </Button>
          }
          title={`Suspend ${name}?`}
          description="They are taken out of search and cannot take new bookings until you reinstate them. We email them your reason."
          hint="The vendor reads this."
          confirmLabel="Suspend"
          destructive
          onSubmit={onSuspend}
          defaultOpen={openDecision === 'suspend'}
        />
      );
    case 'suspended':
      return (
        <ConfirmAction
          trigger={
            <Button>
              <RotateCcw aria-hidden="true" /> Reinstate
            </Button>
          }
          title={`Reinstate ${name}?`}
          description="They are listed in search and can take bookings again. We let them know."
          confirmLabel="Reinstate"
          onConfirm={onReinstate}
          defaultOpen={openDecision === 'reinstate'}
        />
      );
    default:
      // Draft and rejected: the pro acts next (submits, or fixes and resubmits).
      return null;
  }
}

/** Where the vendor stands, in a sentence, with the reason they were told. */
function StatusNotice({
  vendor,
  missingKinds,
}: {
  vendor: AdminVendorDetail;
  missingKinds: readonly DocumentKind[];
}) {
  switch (vendor.vettingStatus) {
    case 'pending':
      return (
        <Alert variant={missingKinds.length > 0 ? 'warning' : 'info'}>
          {missingKinds.length > 0 ? (
            <FileWarning aria-hidden="true" />
          ) : (
            <Clock aria-hidden="true" />
          )}
          <AlertTitle>
            Waiting for review
            {vendor.submittedAt ? ` since ${formatDateTime(vendor.submittedAt)}` : ''}
          </AlertTitle>
          <AlertDescription>
            {missingKinds.length > 0
              ? `Missing: ${missingKinds.map((k) => DOCUMENT_KIND_LABEL[k].toLowerCase()).join(' and ')}.`
              : 'Check the documents and services below, then approve or reject.'}
          </AlertDescription>
        </Alert>
      );
    case 'rejected':
      return (
        <Alert variant="danger">
          <XCircle aria-hidden="true" />
          <AlertTitle>Rejected — waiting for the pro to fix and resubmit</AlertTitle>
          {vendor.vettingReason ? (
            <AlertDescription>
              <p>
                Reason given: <q>{vendor.vettingReason}</q>
              </p>
            </AlertDescription>
          ) : null}
        </Alert>
      );
    case 'suspended':
      return (
        <Alert variant="warning">
          <Ban aria-hidden="true" />
          <AlertTitle>Suspended — not listed, no new bookings</AlertTitle>
          {vendor.vettingReason ? (
            <AlertDescription>
              <p>
                Reason given: <q>{vendor.vettingReason}</q>
              </p>
            </AlertDescription>
          ) : null}
        </Alert>
      );
    case 'draft':
      return (
        <Alert variant="info">
          <PencilLine aria-hidden="true" />
          <AlertTitle>Not submitted for review yet</AlertTitle>
          <AlertDescription>The pro is still setting up their profile.</AlertDescription>
        </Alert>
      );
    default:
      return null;
  }
}

function Documents({
  vendor,
  missingKinds,
  onDownload,
}: {
  vendor: AdminVendorDetail;
  missingKinds: readonly DocumentKind[];
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
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Documents</h2>
        <p className="text-sm text-muted">
          Stored privately and downloaded with your admin session, never through a public link.
          Required: identity document and insurance certificate.
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
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
            Not uploaded: {missingKinds.map((k) => DOCUMENT_KIND_LABEL[k].toLowerCase()).join(', ')}
            .
          </p>
        ) : null}
        {failure ? (
          <Alert variant="danger" role="alert">
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Profile({ vendor }: { vendor: AdminVendorDetail }) {
  const facts: [string, React.ReactNode][] = [
    [
      'Owner',
      <>
        <AdminLink href={buildLink(ROUTES.admin.userDetail, { params: { id: vendor.userId } })}>
          {vendor.ownerName}
        </AdminLink>
        <span className="block break-all text-muted">{vendor.ownerEmail}</span>
      </>,
    ],
    ['Main category', vendor.primaryCategory?.name ?? 'Not chosen'],
    ['City', `${vendor.city}, ${vendor.country}`],
    ['Service radius', `${vendor.serviceRadiusKm} km`],
    ['Time zone', vendor.timeZone],
    ['Services', String(vendor.serviceCount)],
    ['Submitted', vendor.submittedAt ? formatDateTime(vendor.submittedAt) : 'Not submitted'],
    ['Signed up', formatDate(vendor.createdAt)],
  ];
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Profile</h2>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <dl className="grid gap-3">
          {facts.map(([term, value]) => (
            <div key={term} className="grid grid-cols-[8rem_minmax(0,1fr)] gap-2">
              <dt className="text-muted">{term}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold">Tagline</h3>
          <p className={vendor.tagline ? 'break-words' : 'text-muted'}>
            {vendor.tagline || 'Not written yet.'}
          </p>
        </div>
        <div className="flex flex-col gap-1">
          <h3 className="text-sm font-semibold">About</h3>
          <p className={vendor.bio ? 'break-words whitespace-pre-line' : 'text-muted'}>
            {vendor.bio || 'Not written yet.'}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
