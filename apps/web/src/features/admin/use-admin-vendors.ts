import type { AdminReasonBody, AdminVendorDetail, AdminVendorListQuery } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey } from '../../lib/keys';
import { api } from '../../lib/vetted-api';
import { cleanQuery, isStaleAfterDecision } from './admin-keys';
import { useEndpoint } from '../../lib/use-endpoint';

/** Vendors per page of `/admin/vendors`. */
export const ADMIN_VENDOR_PAGE_SIZE = 20;

/**
 * `GET /v1/admin/vendors` — vendors by vetting status (pending: oldest submission first, the
 * vetting queue) and business name or owner email, paged. No `status`: every vendor. Keeps the
 * previous page while the next one loads.
 */
export function useAdminVendors(query: AdminVendorListQuery) {
  return useEndpoint(
    'listAdminVendors',
    {
      query: cleanQuery({ pageSize: ADMIN_VENDOR_PAGE_SIZE, ...query, page: query.page ?? 1 }),
    },
    { keepPreviousData: true },
  );
}

/** `GET /v1/admin/vendors/:id` — the vendor, its documents, services and decision history. */
export function useAdminVendor(id: string | null | undefined) {
  return useEndpoint('getAdminVendor', id ? { params: { id } } : null);
}

/**
 * The vetting decisions on vendor `id`: approve, reject and suspend (with the reason
 * the vendor is told), reinstate. Each stores the vendor the API answers with (its new status and
 * history) and revalidates the console's lists, the overview and the audit log. Errors propagate
 * (409 when the vendor's status no longer allows the decision); the caller reports them.
 */
export function useVendorDecisions(id: string | null | undefined) {
  const { mutate } = useSWRConfig();
  return React.useMemo(() => {
    const apply = async (run: (vendorId: string) => Promise<AdminVendorDetail>) => {
      if (!id) return;
      const vendor = await run(id);
      await mutate(endpointKey('getAdminVendor', { params: { id } }), vendor, {
        revalidate: false,
      });
      void mutate(isStaleAfterDecision);
    };
    return {
      approve: () => apply((v) => api.admin.approveVendor(v)),
      reject: (body: AdminReasonBody) => apply((v) => api.admin.rejectVendor(v, body)),
      suspend: (body: AdminReasonBody) => apply((v) => api.admin.suspendVendor(v, body)),
      reinstate: () => apply((v) => api.admin.reinstateVendor(v)),
    };
  }, [id, mutate]);
}
