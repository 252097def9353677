import useSWR from 'swr';
import { endpointKey, type KeyData } from '../lib/keys';

/** `GET /v1/categories` — every service category (public). */
export function useCategories() {
  return useSWR<KeyData<'listCategories'>>(endpointKey('listCategories'), {
    revalidateOnFocus: false,
  });
}
