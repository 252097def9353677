import type { AdminReasonBody, AdminUserDetail } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Alert, AlertDescription, AlertTitle, Avatar, Skeleton } from '@vetted/ui';
import { Ban, RotateCcw } from 'lucide-react';
import type * as React from 'react';
import { formatDate } from '../../lib/format';
import { AdminLink } from './admin-link';
import { AuditHistory } from './audit-history';
import { ConfirmDecision, ReasonDecision } from './decision-buttons';
import { AdminDetailPage, DetailTitle, Fact, SectionCard } from './detail-parts';
import { ROLE_LABEL, UserStatusBadge } from './status-badges';

export interface AdminUserDetailViewProps {
  user?: AdminUserDetail;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** The signed-in admin's id: nobody suspends themselves. */
  meId?: string;
  /** Each resolves once the API answered; a rejection keeps its dialog open with the error. */
  onSuspend: (body: AdminReasonBody) => Promise<void>;
  onReinstate: () => Promise<void>;
  /** Opens this decision's dialog on first render (stories). */
  openDecision?: 'suspend' | 'reinstate';
}

/**
 * `/admin/users/:id`: one person's account facts, Suspend (with a reason; it ends
 * every session of the person) or Reinstate, and the decisions about them. Admin accounts and
 * your own cannot be suspended here (the API refuses it too).
 */
export function AdminUserDetailView({
  user,
  isLoading,
  error,
  onRetry,
  ...decision
}: AdminUserDetailViewProps) {
  return (
    <AdminDetailPage
      crumbs={[{ label: 'Users', href: ROUTES.admin.users }, { label: user?.fullName ?? 'User' }]}
      data={user}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      loadingLabel="Loading user"
      skeleton={<UserSkeleton />}
    >
      {(user) => (
        <>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="flex min-w-0 items-center gap-4">
              <Avatar src={user.avatarUrl} name={user.fullName} size="lg" aria-hidden="true" />
              <div className="flex min-w-0 flex-col gap-1">
                <DetailTitle
                  title={user.fullName}
                  badge={<UserStatusBadge status={user.status} deleted={user.deleted} />}
                />
                <p className="text-sm text-muted">{ROLE_LABEL[user.role]}</p>
              </div>
            </div>
            <Decision user={user} {...decision} />
          </div>

          {user.status === 'suspended' ? (
            <Alert variant="warning">
              <Ban aria-hidden="true" />
              <AlertTitle>Suspended — cannot sign in</AlertTitle>
              <AlertDescription>
                Every session of this account ended when it was suspended. The reason is in the
                decision history below.
              </AlertDescription>
            </Alert>
          ) : null}

          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2 lg:items-start">
            <SectionCard title="Account">
              <dl className="grid gap-3">
                {accountFacts(user).map(([term, value]) => (
                  <Fact key={term} term={term}>
                    {value}
                  </Fact>
                ))}
              </dl>
            </SectionCard>
            <SectionCard title="Decision history">
              <AuditHistory entries={user.audit} emptyText="No decisions about this person yet." />
            </SectionCard>
          </div>
        </>
      )}
    </AdminDetailPage>
  );
}

/** The loading placeholders of the user page: breadcrumbs, avatar and name, two cards. */
function UserSkeleton() {
  return (
    <>
      <Skeleton className="h-4 w-40" />
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <Skeleton className="h-9 w-64 max-w-full" />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Skeleton className="h-72 rounded-lg" />
        <Skeleton className="h-72 rounded-lg" />
      </div>
    </>
  );
}

/** The account's facts as term and value: email, phone, role, orders, joined, business. */
function accountFacts(user: AdminUserDetail): [string, React.ReactNode][] {
  const facts: [string, React.ReactNode][] = [
    [
      'Email',
      <>
        <span className="break-all">{user.email}</span>
        <span className="block text-xs text-muted">
          {user.emailVerified ? 'Verified' : 'Not verified'}
        </span>
      </>,
    ],
    ['Phone', user.phone ?? <span className="text-muted">Not given</span>],
    ['Role', ROLE_LABEL[user.role]],
    ['Orders', String(user.orderCount)],
    ['Joined', formatDate(user.createdAt)],
  ];
  if (user.vendorId) {
    facts.push([
      'Business',
      <AdminLink
        key="vendor"
        href={buildLink(ROUTES.admin.vendorDetail, { params: { id: user.vendorId } })}
      >
        Open the vendor profile
      </AdminLink>,
    ]);
  }
  return facts;
}

/** Suspend or Reinstate, or why neither is offered. */
function Decision({
  user,
  meId,
  onSuspend,
  onReinstate,
  openDecision,
}: Pick<AdminUserDetailViewProps, 'meId' | 'onSuspend' | 'onReinstate' | 'openDecision'> & {
  user: AdminUserDetail;
}) {
  if (user.deleted) return null;
  if (user.status === 'suspended') {
    return (
      <ConfirmDecision
        icon={RotateCcw}
        label="Reinstate"
        title={`Reinstate ${user.fullName}?`}
        description="They can sign in again."
        onConfirm={onReinstate}
        defaultOpen={openDecision === 'reinstate'}
      />
    );
  }
  if (user.role === 'admin' || user.id === meId) {
    return (
      <p className="max-w-xs text-sm text-muted">
        {user.id === meId
          ? 'This is your account: you cannot suspend yourself.'
          : 'Admin accounts cannot be suspended from the console.'}
      </p>
    );
  }
  return (
    <ReasonDecision
      icon={Ban}
      label="Suspend"
      title={`Suspend ${user.fullName}?`}
      description="This ends every session of this user: they are signed out everywhere at once and cannot sign in until you reinstate them."
      hint="Kept in the decision history."
      onSubmit={onSuspend}
      defaultOpen={openDecision === 'suspend'}
    />
  );
}
