import type { AuditQuery } from '@vetted/contract';
import { cleanQuery } from './admin-keys';
import { useEndpoint } from '../../lib/use-endpoint';

/** Entries per page of `/admin/audit`. */
export const AUDIT_PAGE_SIZE = 20;

/**
 * `GET /v1/admin/audit` — admin decisions, newest first, paged; `subjectId` narrows it to one
 * vendor, user, order or payment. Keeps the previous page while the next one loads.
 */
export function useAuditLog(query: AuditQuery = {}) {
  return useEndpoint(
    'listAuditLog',
    {
      query: cleanQuery({ pageSize: AUDIT_PAGE_SIZE, ...query, page: query.page ?? 1 }),
    },
    { keepPreviousData: true },
  );
}
