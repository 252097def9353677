/**
 * The error type and factories that `messages.ts` files build their errors with, so those files
 * import only `shared/`. One definition: lib/errors.ts. Below them, the 404s several domains
 * answer in the same words, so a client sees one message and code whichever route it called.
 */
import { notFound } from '../lib/errors';

export {
  AppError,
  badRequest,
  conflict,
  forbidden,
  notFound,
  unauthorized,
} from '../lib/errors';

/** 404 `service_not_found`: an unknown, inactive or hidden service, or another pro's. */
export const serviceNotFound = () => notFound('Service not found', 'service_not_found');

/** 404 `order_not_found`: an unknown order or one the caller may not see (no IDOR oracle). */
export const orderNotFound = () => notFound('Order not found', 'order_not_found');

/**
 * 404 `vendor_not_found` in the words of the admin and pro screens ("Vendor"); the customer
 * facing domains say "Pro not found" with the same code.
 */
export const vendorNotFound = () => notFound('Vendor not found', 'vendor_not_found');

/** 404 `document_not_found`: an unknown vetting document, another vendor's, or its file gone. */
export const documentNotFound = () => notFound('Document not found', 'document_not_found');
