/**
 * Use cases of the listings domain (ARCHITECTURE §1a): a pro's services, their images and the pro's opening hours. Each write is one
 * transaction; files of removed images are deleted through the outbox (`media.delete`) once it
 * commits. Every write that changes what customers see refreshes the pro's search text and
 * category listing in its transaction and, after it commits, purges the catalogue's cached
 * answers, so the public pages and slots follow at once. Each use case is a file of use-cases/;
 * this is the service the routes see.
 */
import type {
  Availability,
  ReorderServiceImagesBody,
  UpdateServiceImageBody,
  updateVendorServiceBodySchema,
  vendorServiceBodySchema,
} from '@vetted/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/types';
import type { ImageUpload, ListingsDeps } from './types';
import { getAvailability, updateAvailability } from './use-cases/availability';
import { addImage, deleteImage, reorderImages, updateImage } from './use-cases/images';
import {
  createService,
  deleteService,
  getService,
  listServices,
  updateService,
} from './use-cases/services';

export { syncVendorListing } from './sync';
export type { ImageUpload, ListingsDeps } from './types';

/** The pro's services, images and opening hours (`/v1/vendor/services*`, `/v1/vendor/availability`). */
export function createListingsService(deps: ListingsDeps) {
  return {
    /** `GET /v1/vendor/services`: {@link listServices}. */
    listServices: (user: AuthUser) => listServices(deps, user),

    /** `GET /v1/vendor/services/{id}`: {@link getService}. */
    getService: (user: AuthUser, id: string) => getService(deps, user, id),

    /** `POST /v1/vendor/services`: {@link createService}. */
    createService: (user: AuthUser, body: z.output<typeof vendorServiceBodySchema>) =>
      createService(deps, user, body),

    /** `PATCH /v1/vendor/services/{id}`: {@link updateService}. */
    updateService: (
      user: AuthUser,
      id: string,
      body: z.output<typeof updateVendorServiceBodySchema>,
    ) => updateService(deps, user, id, body),

    /** `DELETE /v1/vendor/services/{id}`: {@link deleteService}. */
    deleteService: (user: AuthUser, id: string) => deleteService(deps, user, id),

    /** `POST /v1/vendor/services/{id}/images`: {@link addImage}. */
    addImage: (user: AuthUser, id: string, upload: ImageUpload) => addImage(deps, user, id, upload),

    /** `PATCH /v1/vendor/services/{id}/images/{imageId}`: {@link updateImage}. */
    updateImage: (user: AuthUser, id: string, imageId: string, body: UpdateServiceImageBody) =>
      updateImage(deps, user, id, imageId, body),

    /** `DELETE /v1/vendor/services/{id}/images/{imageId}`: {@link deleteImage}. */
    deleteImage: (user: AuthUser, id: string, imageId: string) =>
      deleteImage(deps, user, id, imageId),

    /** `PUT /v1/vendor/services/{id}/images/order`: {@link reorderImages}. */
    reorderImages: (user: AuthUser, id: string, body: ReorderServiceImagesBody) =>
      reorderImages(deps, user, id, body),

    /** `GET /v1/vendor/availability`: {@link getAvailability}. */
    getAvailability: (user: AuthUser) => getAvailability(deps, user),

    /** `PUT /v1/vendor/availability`: {@link updateAvailability}. */
    updateAvailability: (user: AuthUser, body: Availability) =>
      updateAvailability(deps, user, body),
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
