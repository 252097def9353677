import { useEndpoint } from '../../lib/use-endpoint';

/**
 * `GET /v1/admin/overview` — the counts of the admin home: pending vettings, open
 * support chats, today's bookings (UTC), approved vendors and GMV of the last 30 days per
 * currency (minor units). Revalidated after every admin decision (see use-admin-vendors.ts).
 */
export function useAdminOverview() {
  return useEndpoint('getAdminOverview');
}
