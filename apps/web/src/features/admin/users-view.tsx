import type { AdminUser, Paged, Role } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  EmptyState,
  FormField,
  PageHeader,
  SearchInput,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@vetted/ui';
import { SearchX, UsersRound } from 'lucide-react';
import { formatDate } from '../../lib/format';
import { AdminLink } from './admin-link';
import { ROLE_LABEL, USER_STATUS, UserStatusBadge } from './status-badges';
import { PagedList } from './paged-list';

/** The role filter: one role, or every role. */
export type RoleFilter = Role | 'all';
/** The status filter: one account status, or any. */
export type UserStatusFilter = AdminUser['status'] | 'all';

export interface AdminUsersViewProps {
  data?: Paged<AdminUser>;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Search by name or email. */
  query: string;
  onQueryChange: (query: string) => void;
  role: RoleFilter;
  onRoleChange: (role: RoleFilter) => void;
  status: UserStatusFilter;
  onStatusChange: (status: UserStatusFilter) => void;
  onPageChange: (page: number) => void;
}

/**
 * `/admin/users`: everyone with an account, searched by name or email and filtered
 * by role and status, paged. Each row links to the person's page (suspend, reinstate, history).
 */
export function AdminUsersView({
  data,
  isLoading,
  error,
  onRetry,
  query,
  onQueryChange,
  role,
  onRoleChange,
  status,
  onStatusChange,
  onPageChange,
}: AdminUsersViewProps) {
  const filtered = query.trim() !== '' || role !== 'all' || status !== 'all';
  const body = (
    <PagedList
      data={data}
      error={error}
      onRetry={onRetry}
      loadingLabel="Loading users"
      empty={
        filtered ? (
          <EmptyState
            icon={<SearchX />}
            title="Nobody matches"
            description="No account matches this search and these filters. Search by name or email, or clear the filters."
          />
        ) : (
          <EmptyState
            icon={<UsersRound />}
            title="No users yet"
            description="People who sign up show up here."
          />
        )
      }
      summary={(page) => `${page.total} ${page.total === 1 ? 'account' : 'accounts'}.`}
      onPageChange={onPageChange}
    >
      {(page) => (
        <Table label="Users" aria-busy={isLoading || undefined}>
          <TableCaption className="sr-only">Users</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>Role</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Orders</TableHead>
              <TableHead>Joined</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {page.items.map((person) => (
              <TableRow key={person.id}>
                <TableHead scope="row" className="min-w-40">
                  <AdminLink
                    href={buildLink(ROUTES.admin.userDetail, { params: { id: person.id } })}
                  >
                    {person.fullName}
                  </AdminLink>
                </TableHead>
                <TableCell className="break-all">
                  {person.email}
                  {person.emailVerified ? null : (
                    <span className="block text-xs text-muted">Not verified</span>
                  )}
                </TableCell>
                <TableCell>{ROLE_LABEL[person.role]}</TableCell>
                <TableCell>
                  <UserStatusBadge status={person.status} deleted={person.deleted} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{person.orderCount}</TableCell>
                <TableCell className="whitespace-nowrap">
                  <time dateTime={person.createdAt}>{formatDate(person.createdAt)}</time>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PagedList>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Users" description="Find anyone with an account; suspend or reinstate." />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_12rem] lg:items-end">
        <FormField label="Search" className="sm:col-span-2 lg:col-span-1">
          <SearchInput
            placeholder="Name or email"
            value={query}
            onChange={(e) => onQueryChange(e.currentTarget.value)}
            onClear={() => onQueryChange('')}
          />
        </FormField>
        <FormField label="Role">
          <Select value={role} onValueChange={(v) => onRoleChange(v as RoleFilter)}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All roles</SelectItem>
              {(Object.keys(ROLE_LABEL) as Role[]).map((r) => (
                <SelectItem key={r} value={r}>
                  {ROLE_LABEL[r]}s
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField label="Status">
          <Select value={status} onValueChange={(v) => onStatusChange(v as UserStatusFilter)}>
            <SelectTrigger>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">Any status</SelectItem>
              {(Object.keys(USER_STATUS) as AdminUser['status'][]).map((s) => (
                <SelectItem key={s} value={s}>
                  {USER_STATUS[s].label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      </div>
      {body}
    </div>
  );
}
