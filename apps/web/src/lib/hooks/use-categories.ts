import { useEndpoint } from '../use-endpoint';

/** `GET /v1/categories` — every service category (public). Pass false to skip the request. */
export function useCategories(enabled = true) {
  return useEndpoint('listCategories', enabled ? {} : null, {
    revalidateOnFocus: false,
  });
}
