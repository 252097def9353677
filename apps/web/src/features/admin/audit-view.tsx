import type { AuditEntry } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Button, EmptyState, TableCell, TableHead, TableRow } from '@vetted/ui';
import { History, X } from 'lucide-react';
import { formatDateTime } from '../../lib/format';
import { AdminLink } from './admin-link';
import { AuditDetail, auditActionLabel } from './audit-history';
import { AdminListPage, type AdminListProps, AdminTable } from './list-parts';
import { PagedList } from './paged-list';

/** What a decision was about, in words. */
const SUBJECT_LABEL: Record<AuditEntry['subjectType'], string> = {
  vendor: 'Vendor',
  user: 'User',
  order: 'Order',
  payment: 'Payment',
};

/**
 * The console page of a decision's subject, when it has one: a vendor, a user, an order, or
 * for a payment its order (the API puts `orderId` in a refund's detail).
 */
function subjectHref(entry: AuditEntry): string | null {
  switch (entry.subjectType) {
    case 'vendor':
      return buildLink(ROUTES.admin.vendorDetail, { params: { id: entry.subjectId } });
    case 'user':
      return buildLink(ROUTES.admin.userDetail, { params: { id: entry.subjectId } });
    case 'order':
      return buildLink(ROUTES.admin.orderDetail, { params: { id: entry.subjectId } });
    case 'payment':
      return typeof entry.detail.orderId === 'string'
        ? buildLink(ROUTES.admin.orderDetail, { params: { id: entry.detail.orderId } })
        : null;
  }
}

export interface AdminAuditViewProps extends AdminListProps<AuditEntry> {
  /** Only the decisions about this subject (`?subject=`), or null for all. */
  subjectId?: string | null;
  /** Shows every decision again. */
  onClearSubject?: () => void;
}

/**
 * `/admin/audit`: every admin decision, newest first, paged — when, who, what, about
 * which vendor, user, order or payment (linked), and its reason or amount.
 */
export function AdminAuditView({
  isLoading,
  subjectId,
  onClearSubject,
  ...list
}: AdminAuditViewProps) {
  return (
    <AdminListPage
      title="Audit log"
      description="Every admin decision: who took it, when, and why."
      actions={
        subjectId && onClearSubject ? (
          <Button variant="outline" size="sm" onClick={onClearSubject}>
            <X aria-hidden="true" /> Show every decision
          </Button>
        ) : undefined
      }
    >
      <PagedList
        {...list}
        loadingLabel="Loading the audit log"
        empty={
          <EmptyState
            icon={<History />}
            title="No decisions yet"
            description={
              subjectId
                ? 'Nobody has taken a decision about this one yet.'
                : 'Approvals, rejections, suspensions and refunds show up here, newest first.'
            }
          />
        }
      >
        {(page) => <AuditTable entries={page.items} busy={isLoading} />}
      </PagedList>
    </AdminListPage>
  );
}

/** The decisions of one page, each subject linked to its console page where it has one. */
function AuditTable({ entries, busy }: { entries: AuditEntry[]; busy?: boolean }) {
  return (
    <AdminTable
      label="Audit log"
      caption="Admin decisions, newest first"
      busy={busy}
      columns={['When', 'Who', 'Decision', 'About', 'Details']}
    >
      {entries.map((entry) => {
        const href = subjectHref(entry);
        return (
          <TableRow key={entry.id}>
            <TableHead scope="row" className="font-normal whitespace-nowrap">
              <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            </TableHead>
            <TableCell className="min-w-32">
              {entry.actor?.fullName ?? <span className="text-muted">The system</span>}
            </TableCell>
            <TableCell className="whitespace-nowrap">{auditActionLabel(entry.action)}</TableCell>
            <TableCell>
              {href ? (
                <AdminLink href={href}>{SUBJECT_LABEL[entry.subjectType]}</AdminLink>
              ) : (
                SUBJECT_LABEL[entry.subjectType]
              )}
            </TableCell>
            <TableCell className="max-w-96 min-w-56 text-sm">
              <AuditDetail detail={entry.detail} />
            </TableCell>
          </TableRow>
        );
      })}
    </AdminTable>
  );
}
