/** User-facing text of the catalogue domain: its errors (spec §8 wording where it has one). */
import { AppError, notFound } from '../../shared/errors';

/**
 * 404 for an unknown vendor, or one not (or no longer) approved; 404 for an unknown service, an
 * inactive one, or one of a vendor not approved.
 */
export { serviceNotFound, vendorNotFound } from '../../shared/errors';

/** 410 for the page of a pro whose account was deleted: gone for good, unlike a 404. */
export const proGone = () => new AppError(410, 'This pro has left Vetted', 'vendor_gone');

/** 404 for a landing page of an unknown category. */
export const categoryNotFound = () => notFound('Category not found', 'category_not_found');

/** 404 for a landing page of a place slug that names no city. */
export const placeNotFound = () => notFound('Place not found', 'place_not_found');
