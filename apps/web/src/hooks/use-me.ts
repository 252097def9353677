import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/** `GET /v1/me` — the signed-in user. */
export function useMe(enabled = true) {
  return useSWR<KeyData<'getMe'>>(enabled ? endpointKey('getMe') : null);
}
