import { ROUTES } from '@vetted/session';
import { SearchScreen } from '../search';

/**
 * `/user/services`: the signed-in customer's search — the same screen, search field, filters
 * and place chip as `/search` (features/search/search.tsx `SearchScreen`), around their default
 * saved place, searching in place rather than leaving for `/search`.
 */
export function UserServicesPage() {
  return <SearchScreen searchPath={ROUTES.user.services} />;
}
