import type { AdminUser, Role } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { FormField, SearchInput, TableCell, TableHead, TableRow } from '@vetted/ui';
import { UsersRound } from 'lucide-react';
import { formatDate } from '../../lib/format';
import { AdminLink } from './admin-link';
import {
  AdminListPage,
  AdminTable,
  FilterSelect,
  type FilteredListProps,
  ListEmpty,
  optionsFrom,
  searchInputProps,
} from './list-parts';
import { PagedList } from './paged-list';
import { ROLE_LABEL, USER_STATUS, UserStatusBadge } from './status-badges';

/** The role filter: one role, or every role. */
export type RoleFilter = Role | 'all';
/** The status filter: one account status, or any. */
export type UserStatusFilter = AdminUser['status'] | 'all';

const ROLE_OPTIONS = optionsFrom(ROLE_LABEL, (label) => `${label}s`);
const STATUS_OPTIONS = optionsFrom(USER_STATUS, (entry) => entry.label);

/** The users page: its `query` matches a name or email; `role` filters too. */
export interface AdminUsersViewProps extends FilteredListProps<AdminUser, UserStatusFilter> {
  role: RoleFilter;
  onRoleChange: (role: RoleFilter) => void;
}

/**
 * `/admin/users`: everyone with an account, searched by name or email and filtered
 * by role and status, paged. Each row links to the person's page (suspend, reinstate, history).
 */
export function AdminUsersView({
  isLoading,
  query,
  onQueryChange,
  role,
  onRoleChange,
  status,
  onStatusChange,
  ...list
}: AdminUsersViewProps) {
  return (
    <AdminListPage title="Users" description="Find anyone with an account; suspend or reinstate.">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_12rem_12rem] lg:items-end">
        <FormField label="Search" className="sm:col-span-2 lg:col-span-1">
          <SearchInput placeholder="Name or email" {...searchInputProps(query, onQueryChange)} />
        </FormField>
        <FilterSelect
          label="Role"
          value={role}
          onChange={onRoleChange}
          allLabel="All roles"
          options={ROLE_OPTIONS}
        />
        <FilterSelect
          label="Status"
          value={status}
          onChange={onStatusChange}
          allLabel="Any status"
          options={STATUS_OPTIONS}
        />
      </div>
      <PagedList
        {...list}
        loadingLabel="Loading users"
        empty={
          <ListEmpty
            filtered={query.trim() !== '' || role !== 'all' || status !== 'all'}
            noMatch={{
              title: 'Nobody matches',
              description:
                'No account matches this search and these filters. Search by name or email, or clear the filters.',
            }}
            none={{
              icon: <UsersRound />,
              title: 'No users yet',
              description: 'People who sign up show up here.',
            }}
          />
        }
        summary={(page) => `${page.total} ${page.total === 1 ? 'account' : 'accounts'}.`}
      >
        {(page) => <UsersTable people={page.items} busy={isLoading} />}
      </PagedList>
    </AdminListPage>
  );
}

/** The accounts of one page, each name linked to the person's page. */
function UsersTable({ people, busy }: { people: AdminUser[]; busy?: boolean }) {
  return (
    <AdminTable
      label="Users"
      caption="Users"
      busy={busy}
      columns={[
        'Name',
        'Email',
        'Role',
        'Status',
        { label: 'Orders', className: 'text-right' },
        'Joined',
      ]}
    >
      {people.map((person) => (
        <TableRow key={person.id}>
          <TableHead scope="row" className="min-w-40">
            <AdminLink href={buildLink(ROUTES.admin.userDetail, { params: { id: person.id } })}>
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
    </AdminTable>
  );
}
