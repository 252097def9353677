import type { Role } from '@vetted/contract';
import { Container } from '@vetted/ui';
import { useAdminUsers } from './use-admin-users';
import { useListParams } from './list-params';
import { ROLE_LABEL, USER_STATUS } from './status-badges';
import { AdminUsersView, type RoleFilter, type UserStatusFilter } from './users-view';

/** `?role=` as a filter: a known role, else every role. */
function roleFrom(value: string | null): RoleFilter {
  return value && Object.hasOwn(ROLE_LABEL, value) ? (value as Role) : 'all';
}

/** `?status=` as a filter: a known account status, else any. */
function statusFrom(value: string | null): UserStatusFilter {
  return value && Object.hasOwn(USER_STATUS, value) ? (value as UserStatusFilter) : 'all';
}

/**
 * `/admin/users?q=&role=&status=&page=`: people by name or email, role and status;
 * see `AdminUsersView`. Search, filters and page live in the URL.
 */
export function AdminUsersPage() {
  const list = useListParams();
  const role = roleFrom(list.filter('role'));
  const status = statusFrom(list.filter('status'));
  const users = useAdminUsers({
    q: list.q || undefined,
    role: role === 'all' ? undefined : role,
    status: status === 'all' ? undefined : status,
    page: list.page,
  });
  return (
    <Container>
      <AdminUsersView
        data={users.data}
        isLoading={users.isLoading}
        error={users.error}
        onRetry={() => users.mutate()}
        query={list.draft}
        onQueryChange={list.setDraft}
        role={role}
        onRoleChange={(next) => list.setFilters({ role: next === 'all' ? null : next })}
        status={status}
        onStatusChange={(next) => list.setFilters({ status: next === 'all' ? null : next })}
        onPageChange={list.setPage}
      />
    </Container>
  );
}
