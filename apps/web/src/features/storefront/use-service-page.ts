import { servicePageKey } from '../../lib/public-page-keys';
import { useEndpointKey } from '../../lib/use-endpoint';

/**
 * `GET /v1/service-pages/{category}` (with `?place=` on a place's page): a landing page's pros,
 * nearby places and related categories. The key is `servicePageKey(category, place)`, the one
 * the server renderer fills as SWR fallback. Pass a null `category` to skip.
 */
export function useServicePage(category: string | null | undefined, place?: string | null) {
  return useEndpointKey(category ? servicePageKey(category, place ?? undefined) : null);
}
