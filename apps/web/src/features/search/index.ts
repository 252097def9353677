/*
 * The search feature as other features see it: the only module they import from it.
 */

export { SearchScreen } from './search';
export { firstPageQueryOf } from './search-params';
export { useVendors, vendorsKey } from './use-vendors';
