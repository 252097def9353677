import type { User } from '@vetted/contract';
import useSWR from 'swr';

/** `GET /v1/me` — the signed-in user. */
export function useMe(enabled = true) {
  return useSWR<User>(enabled ? ['/me'] : null);
}
