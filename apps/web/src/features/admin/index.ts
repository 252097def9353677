/*
 * The admin feature as other features see it: the only module they import from it.
 */

export { SupportDeskActions } from './support-view';
