import type { AdminReasonBody, AdminVendorDetail, DocumentKind } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle } from '@vetted/ui';
import {
  Ban,
  CheckCircle2,
  Clock,
  FileWarning,
  type LucideIcon,
  PencilLine,
  RotateCcw,
  XCircle,
} from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { ConfirmDecision, ReasonDecision } from './decision-buttons';
import { DOCUMENT_KIND_LABEL } from './vendor-documents';

/*
 * Vetting on the vendor page: the decisions the vendor's status allows and the notice saying
 * where the vendor stands.
 */

/** The decisions of the vendor page (a dialog each). */
export type VendorDecision = 'approve' | 'reject' | 'suspend' | 'reinstate';

/** What the vendor page does on each decision. */
export interface VendorDecisionHandlers {
  /** Each resolves once the API answered; a rejection keeps its dialog open with the error. */
  onApprove: () => Promise<void>;
  onReject: (body: AdminReasonBody) => Promise<void>;
  onSuspend: (body: AdminReasonBody) => Promise<void>;
  onReinstate: () => Promise<void>;
  /** Opens this decision's dialog on first render (stories). */
  openDecision?: VendorDecision;
}

/** The buttons of the decisions the vendor's status allows (the API has the final word). */
export function VendorDecisions({
  vendor,
  onApprove,
  onReject,
  onSuspend,
  onReinstate,
  openDecision,
}: VendorDecisionHandlers & { vendor: AdminVendorDetail }) {
  const name = vendor.businessName;
  switch (vendor.vettingStatus) {
    case 'pending':
      return (
        <div className="flex flex-wrap gap-2">
          <ReasonDecision
            icon={XCircle}
            label="Reject"
            title={`Reject ${name}?`}
            description="They are not listed. We email them your reason; they can fix their profile and submit it again."
            hint="The vendor reads this: say what to fix."
            onSubmit={onReject}
            defaultOpen={openDecision === 'reject'}
          />
          <ConfirmDecision
            icon={CheckCircle2}
            label="Approve"
            title={`Approve ${name}?`}
            description="They are listed in search and can take bookings at once. We let them know."
            onConfirm={onApprove}
            defaultOpen={openDecision === 'approve'}
          />
        </div>
      );
    case 'approved':
      return (
        <ReasonDecision
          icon={Ban}
          label="Suspend"
          title={`Suspend ${name}?`}
          description="They are taken out of search and cannot take new bookings until you reinstate them. We email them your reason."
          hint="The vendor reads this."
          onSubmit={onSuspend}
          defaultOpen={openDecision === 'suspend'}
        />
      );
    case 'suspended':
      return (
        <ConfirmDecision
          icon={RotateCcw}
          label="Reinstate"
          title={`Reinstate ${name}?`}
          description="They are listed in search and can take bookings again. We let them know."
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
export function VettingNotice({
  vendor,
  missingKinds,
}: {
  vendor: AdminVendorDetail;
  /** The required documents not uploaded yet. */
  missingKinds: readonly DocumentKind[];
}) {
  switch (vendor.vettingStatus) {
    case 'pending': {
      const missing = missingKinds.length > 0;
      return (
        <Alert variant={missing ? 'warning' : 'info'}>
          {missing ? <FileWarning aria-hidden="true" /> : <Clock aria-hidden="true" />}
          <AlertTitle>
            Waiting for review
            {vendor.submittedAt ? ` since ${formatDateTime(vendor.submittedAt)}` : ''}
          </AlertTitle>
          <AlertDescription>
            {missing
              ? `Missing: ${missingKinds.map((k) => DOCUMENT_KIND_LABEL[k].toLowerCase()).join(' and ')}.`
              : 'Check the documents and services below, then approve or reject.'}
          </AlertDescription>
        </Alert>
      );
    }
    case 'rejected':
      return (
        <ReasonNotice
          variant="danger"
          icon={XCircle}
          title="Rejected — waiting for the pro to fix and resubmit"
          reason={vendor.vettingReason}
        />
      );
    case 'suspended':
      return (
        <ReasonNotice
          variant="warning"
          icon={Ban}
          title="Suspended — not listed, no new bookings"
          reason={vendor.vettingReason}
        />
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

/** A decision taken with a reason: what it means, and the reason the vendor was told. */
function ReasonNotice({
  variant,
  icon: Icon,
  title,
  reason,
}: {
  variant: 'danger' | 'warning';
  icon: LucideIcon;
  title: string;
  reason?: string | null;
}) {
  return (
    <Alert variant={variant}>
      <Icon aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      {reason ? (
        <AlertDescription>
          <p>
            Reason given: <q>{reason}</q>
          </p>
        </AlertDescription>
      ) : null}
    </Alert>
  );
}
