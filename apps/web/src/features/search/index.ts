/*
 * The search feature as other features see it: the only module they import from it.
 */

export { SearchScreen } from './search';
export { useVendors } from './use-vendors';
