/*
 * The storefront feature as other features see it: the only module they import from it.
 */

export { SupportContent } from './support-content';
