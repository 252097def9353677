import type { AdminReasonBody, AdminUserDetail, AdminUserListQuery } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey } from '../../lib/keys';
import { api } from '../../lib/vetted-api';
import { cleanQuery, isStaleAfterDecision } from './admin-keys';
import { useEndpoint } from '../../lib/use-endpoint';

/** People per page of `/admin/users`. */
export const ADMIN_USER_PAGE_SIZE = 20;

/**
 * `GET /v1/admin/users` — people by name or email, role and status, paged. Keeps the previous
 * page while the next one loads.
 */
export function useAdminUsers(query: AdminUserListQuery) {
  return useEndpoint(
    'listAdminUsers',
    {
      query: cleanQuery({ pageSize: ADMIN_USER_PAGE_SIZE, ...query, page: query.page ?? 1 }),
    },
    { keepPreviousData: true },
  );
}

/** `GET /v1/admin/users/:id` — the person and the decisions about them. */
export function useAdminUser(id: string | null | undefined) {
  return useEndpoint('getAdminUser', id ? { params: { id } } : null);
}

/**
 * Suspend (with a reason; the API ends every session of the person) and reinstate user `id`.
 * Each stores the answered user and revalidates the console's lists, the overview and the audit
 * log. Errors propagate (403/409: an admin, yourself, already suspended); the caller reports them.
 */
export function useUserDecisions(id: string | null | undefined) {
  const { mutate } = useSWRConfig();
  return React.useMemo(() => {
    const apply = async (run: (userId: string) => Promise<AdminUserDetail>) => {
      if (!id) return;
      const person = await run(id);
      await mutate(endpointKey('getAdminUser', { params: { id } }), person, {
        revalidate: false,
      });
      void mutate(isStaleAfterDecision);
    };
    return {
      suspend: (body: AdminReasonBody) => apply((u) => api.admin.suspendUser(u, body)),
      reinstate: () => apply((u) => api.admin.reinstateUser(u)),
    };
  }, [id, mutate]);
}
