import { buildPath } from '@vetted/api-client';
import { endpoints, type GalleryImage, type ServiceDetail } from '@vetted/contract';
import useSWR from 'swr';

/** `GET /v1/services/:id` — one service with its vendor. */
export function useService(id: string | null | undefined) {
  return useSWR<ServiceDetail>(id ? [buildPath(endpoints.getService.path, { id })] : null);
}

/** `GET /v1/services/:id/gallery` — the service's photos. */
export function useServiceGallery(id: string | null | undefined) {
  return useSWR<GalleryImage[]>(id ? [buildPath(endpoints.getServiceGallery.path, { id })] : null);
}
