import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/** `GET /v1/categories` — every service category (public). Pass false to skip the request. */
export function useCategories(enabled = true) {
  return useSWR<KeyData<'listCategories'>>(enabled ? endpointKey('listCategories') : null, {
    revalidateOnFocus: false,
  });
}
