import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/**
 * `GET /v1/admin/overview` — the counts of the admin home (issue #8): pending vettings, open
 * support chats, today's bookings (UTC), approved vendors and GMV of the last 30 days per
 * currency (minor units). Revalidated after every admin decision (see use-admin-vendors.ts).
 */
export function useAdminOverview() {
  return useSWR<KeyData<'getAdminOverview'>>(endpointKey('getAdminOverview'));
}
