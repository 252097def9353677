import type {
  DeleteVendorServiceResult,
  UpdateVendorServiceBody,
  VendorService,
  VendorServiceBody,
} from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey, isEndpointKey } from '../../lib/keys';
import { api } from '../../lib/vetted-api';
import { useEndpoint } from '../../lib/use-endpoint';

/*
 * The signed-in pro's own services: the list, one service, and every write (fields,
 * images, order, alt text, delete). Writes go through the api-client; the service the API
 * answers is put in the cache of its `GET /v1/vendor/services/:id`, then the list, the
 * onboarding checklist (`GET /v1/vendor/profile`) and the public pages of that service are
 * revalidated.
 */

/** `GET /v1/vendor/services` — the pro's services in any state, archived last. */
export function useMyServices(enabled = true) {
  return useEndpoint('listMyServices', enabled ? {} : null);
}

/** `GET /v1/vendor/services/:id` — one of the pro's services; pass null to skip (e.g. a new one). */
export function useMyService(id: string | null | undefined) {
  return useEndpoint('getMyService', id ? { params: { id } } : null);
}

/**
 * Writes to the pro's services. Each function resolves with the API's answer (the service as
 * saved, or `{ outcome }` for a delete) and rejects with the API's error (`ApiError`: 400 with
 * `fields`, 404, 409 archived, 413 "Image must be less than 3mb", …) for the view to show.
 */
export function useMyServiceWrites() {
  const { mutate } = useSWRConfig();
  return React.useMemo(() => {
    /** Caches `service` and revalidates what shows it. */
    const settle = async (service: VendorService) => {
      await mutate(endpointKey('getMyService', { params: { id: service.id } }), service, {
        revalidate: false,
      });
      void mutate(endpointKey('listMyServices'));
      void mutate(endpointKey('getVendorProfile'));
      void mutate(isEndpointKey('getService', { id: service.id }));
      void mutate(isEndpointKey('getServiceGallery', { id: service.id }));
      return service;
    };
    return {
      /** `POST /v1/vendor/services` (price in minor units). */
      create: async (body: VendorServiceBody) => settle(await api.vendor.createService(body)),
      /** `PATCH /v1/vendor/services/:id`. */
      update: async (id: string, body: UpdateVendorServiceBody) =>
        settle(await api.vendor.updateService(id, body)),
      /** `DELETE /v1/vendor/services/:id`: deleted, or archived when it has orders. */
      remove: async (id: string): Promise<DeleteVendorServiceResult> => {
        const result = await api.vendor.deleteService(id);
        // Archived: still readable (its orders point at it); deleted: gone.
        void mutate(endpointKey('getMyService', { params: { id } }));
        void mutate(endpointKey('listMyServices'));
        void mutate(endpointKey('getVendorProfile'));
        return result;
      },
      /** `POST /v1/vendor/services/:id/images` (one image of at most 3 MB, spec §5). */
      uploadImage: async (id: string, file: File, alt?: string) =>
        settle(await api.vendor.uploadServiceImage(id, file, alt)),
      /** `PUT /v1/vendor/services/:id/images/order`: every image id, the cover first. */
      reorderImages: async (id: string, imageIds: string[]) =>
        settle(await api.vendor.reorderServiceImages(id, { imageIds })),
      /** `PATCH /v1/vendor/services/:id/images/:imageId`: the alt text (≤ 200 characters). */
      updateImageAlt: async (id: string, imageId: string, alt: string) =>
        settle(await api.vendor.updateServiceImage(id, imageId, { alt })),
      /** `DELETE /v1/vendor/services/:id/images/:imageId`. */
      deleteImage: async (id: string, imageId: string) =>
        settle(await api.vendor.deleteServiceImage(id, imageId)),
    };
  }, [mutate]);
}
