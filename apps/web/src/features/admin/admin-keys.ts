import { isEndpointKey, type QueryEndpoint } from '../../lib/keys';

/*
 * Shared by the admin console's hooks: the query of a list key without empty values,
 * and what every admin decision makes stale.
 */

/**
 * `query` without `undefined`, `null` and `''` values, so `{ q: '' }` and `{}` are one SWR key
 * and the API is not sent empty filters.
 */
export function cleanQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

/** The lists and counts an admin decision can change: the console's lists, the overview, the log. */
const STALE_AFTER_DECISION: QueryEndpoint[] = [
  'getAdminOverview',
  'listAdminVendors',
  'listAdminUsers',
  'listAdminOrders',
  'listAuditLog',
];

/**
 * A key filter for SWR's `mutate(filter)`: every cached page of the console's lists, the
 * overview and the audit log (all pages, any filter).
 */
export function isStaleAfterDecision(key: unknown): boolean {
  return STALE_AFTER_DECISION.some((name) => isEndpointKey(name)(key));
}
