import type { AdminVendorDetail, VendorDocument } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Badge, Price, TableCell, TableHead, TableRow } from '@vetted/ui';
import type * as React from 'react';
import { formatDate, formatDateTime } from '../../lib/format';
import { AdminLink } from './admin-link';
import { AuditHistory } from './audit-history';
import { AdminDetailPage, DetailTitle, Fact, SectionCard, SplitSkeleton } from './detail-parts';
import { AdminTable } from './list-parts';
import { VettingStatusBadge } from './status-badges';
import { missingDocumentKinds, VendorDocuments } from './vendor-documents';
import { type VendorDecisionHandlers, VendorDecisions, VettingNotice } from './vendor-vetting';

export interface AdminVendorDetailViewProps extends VendorDecisionHandlers {
  vendor?: AdminVendorDetail;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Fetches the document with the admin's token and saves it; a rejection is shown. */
  onDownload: (document: VendorDocument) => Promise<void>;
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
  onDownload,
  ...decisions
}: AdminVendorDetailViewProps) {
  return (
    <AdminDetailPage
      crumbs={[
        { label: 'Vendors', href: ROUTES.admin.vendors },
        { label: vendor?.businessName ?? 'Vendor' },
      ]}
      data={vendor}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      loadingLabel="Loading vendor"
      skeleton={<SplitSkeleton main="h-80" side="h-80" />}
    >
      {(vendor) => {
        const missingKinds = missingDocumentKinds(vendor);
        return (
          <>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
              <div className="flex min-w-0 flex-col gap-2">
                <DetailTitle
                  title={vendor.businessName}
                  badge={<VettingStatusBadge status={vendor.vettingStatus} />}
                />
                <p className="text-sm break-words text-muted">
                  {vendor.ownerName} · {vendor.ownerEmail}
                </p>
              </div>
              <VendorDecisions vendor={vendor} {...decisions} />
            </div>

            <VettingNotice vendor={vendor} missingKinds={missingKinds} />

            <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_360px] lg:items-start">
              <div className="flex min-w-0 flex-col gap-6">
                <VendorDocuments
                  vendor={vendor}
                  missingKinds={missingKinds}
                  onDownload={onDownload}
                />
                <ServicesCard vendor={vendor} />
                <SectionCard title="Decision history">
                  <AuditHistory
                    entries={vendor.audit}
                    emptyText="No decisions about this vendor yet."
                  />
                </SectionCard>
              </div>
              <Profile vendor={vendor} />
            </div>
          </>
        );
      }}
    </AdminDetailPage>
  );
}

/** The vendor's services: title, price, and whether customers can book it. */
function ServicesCard({ vendor }: { vendor: AdminVendorDetail }) {
  return (
    <SectionCard title="Services">
      {vendor.services.length === 0 ? (
        <p className="text-muted">No services yet.</p>
      ) : (
        <AdminTable
          label="Services"
          caption={`Services of ${vendor.businessName}`}
          columns={['Service', { label: 'Price', className: 'text-right' }, 'Status']}
        >
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
        </AdminTable>
      )}
    </SectionCard>
  );
}

/** The vendor's profile facts (with its no-shows of the last 90 days), tagline and bio. */
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
    // Reliability: customers' "Pro didn't come" reports (the API counts them over 90 days).
    ...(vendor.noShows90d === undefined
      ? []
      : [['No-shows (90 days)', String(vendor.noShows90d)] as [string, React.ReactNode]]),
    ['Submitted', vendor.submittedAt ? formatDateTime(vendor.submittedAt) : 'Not submitted'],
    ['Signed up', formatDate(vendor.createdAt)],
  ];
  return (
    <SectionCard title="Profile" contentClassName="flex flex-col gap-4">
      <dl className="grid gap-3">
        {facts.map(([term, value]) => (
          <Fact key={term} term={term} className="grid-cols-[8rem_minmax(0,1fr)]">
            {value}
          </Fact>
        ))}
      </dl>
      <ProfileText title="Tagline" text={vendor.tagline} className="break-words" />
      <ProfileText title="About" text={vendor.bio} className="break-words whitespace-pre-line" />
    </SectionCard>
  );
}

/** A text the pro wrote on their profile under its `h3`, or "Not written yet." */
function ProfileText({
  title,
  text,
  className,
}: {
  title: string;
  text: string | null | undefined;
  /** Classes of the text when there is one. */
  className: string;
}) {
  return (
    <div className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold">{title}</h3>
      <p className={text ? className : 'text-muted'}>{text || 'Not written yet.'}</p>
    </div>
  );
}
