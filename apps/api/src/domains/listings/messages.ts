/**
 * User-facing text of the listings domain: errors of the pro's services, their images
 * and opening hours. Each says what to do next. The vendor-area errors every
 * `/v1/vendor/*` route shares (not a pro, no profile, unknown category) are the vendors domain's
 * (imported through its index).
 */
import { SERVICE_IMAGES_MAX } from '@vetted/contract';
import { type AppError, badRequest, conflict, notFound } from '../../shared/errors';

/** The same 404 for a random id and for another pro's service (no IDOR oracle). */
export { serviceNotFound } from '../../shared/errors';

/** The same 404 for a random id and for an image of another service. */
export const imageNotFound = () => notFound('Image not found', 'image_not_found');

/** 409: an archived service is kept for its orders' records and cannot change. */
export const serviceArchived = () =>
  conflict(
    'This service is archived: it stays only for the records of its orders and cannot be changed. Create a new service instead',
    'service_archived',
  );

/** 409: the gallery is full ({@link SERVICE_IMAGES_MAX}). */
export const tooManyImages = () =>
  conflict(
    `A service can have at most ${SERVICE_IMAGES_MAX} images. Remove one before adding another`,
    'too_many_images',
  );

/** 400: more than one file in an image upload. */
export const oneImage = () => badRequest('Send one image at a time', 'too_many_files');

/** 400: an `alt` text the contract refuses (too long, unstorable characters). */
export const invalidAlt = (message: string) =>
  badRequest(`alt: ${message}`, 'validation_error', { alt: message });

/** 400: `imageIds` of a reorder is not every image of the service exactly once. */
export function invalidReorder(problem: 'duplicate' | 'unknown' | 'missing'): AppError {
  const why = {
    duplicate: 'an image is listed twice',
    unknown: 'an image is not one of this service’s',
    missing: 'some of the service’s images are missing',
  }[problem];
  const message = `List every image of the service exactly once: ${why}`;
  return badRequest(`imageIds: ${message}`, 'invalid_image_order', { imageIds: message });
}

/** 400: opening hours the rules refuse (policy `availabilityProblem`), naming the day or date. */
export const invalidAvailability = (problem: { path: string; message: string }) =>
  badRequest(`${problem.path}: ${problem.message}`, 'invalid_availability', {
    [problem.path]: problem.message,
  });
