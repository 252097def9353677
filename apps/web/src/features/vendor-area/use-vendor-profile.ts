import type { DocumentKind, UpdateVendorProfileBody, VendorOwnProfile } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey } from '../../lib/keys';
import { api } from '../../lib/vetted-api';
import { useEndpoint } from '../../lib/use-endpoint';

/*
 * The pro's own profile: business details, vetting status and reason, the onboarding
 * checklist and the vetting documents, all in one `GET /v1/vendor/profile` answer. Every write
 * answers (or changes) that same profile, so each one puts the new profile in the cache at once.
 */

/**
 * `GET /v1/vendor/profile` — the signed-in pro's profile in any vetting state, with `checklist`,
 * `canSubmit` and `documents`. Revalidated on focus (SWR's default) and when a notification
 * arrives (lib/hooks/use-realtime.ts), so a vetting decision shows without a reload. Pass false to
 * skip.
 */
export function useVendorProfile(enabled = true) {
  return useEndpoint('getVendorProfile', enabled ? {} : null);
}

/**
 * The writes of the pro's profile. Each rejects with the API's error (field errors for the
 * form, 409 listing what is missing on submit, 413/415 for a document) and, on success, leaves
 * the cached profile (`useVendorProfile`) up to date:
 * - `update(body)`: `PUT /v1/vendor/profile`; resolves with the new profile.
 * - `submit()`: `POST /v1/vendor/profile/submit` (draft or rejected → pending).
 * - `uploadDocument(kind, file)`: `POST /v1/vendor/documents` (≤ 10 MB, JPEG/PNG/WebP/PDF).
 * - `deleteDocument(id)`: `DELETE /v1/vendor/documents/:id` (not while under review).
 */
export function useVendorProfileActions() {
  const { mutate } = useSWRConfig();
  return React.useMemo(() => {
    const key = endpointKey('getVendorProfile');
    const put = (next: Promise<VendorOwnProfile>) =>
      mutate(key, next, { populateCache: true, revalidate: false }) as Promise<VendorOwnProfile>;
    return {
      update: (body: UpdateVendorProfileBody) => put(api.vendor.updateProfile(body)),
      submit: () => put(api.vendor.submit()),
      uploadDocument: async (kind: DocumentKind, file: File) => {
        const document = await api.vendor.uploadDocument(kind, file);
        // The checklist's documents step may be done now: the server decides, so refetch.
        await mutate(key);
        void mutate(endpointKey('listVendorDocuments'));
        return document;
      },
      deleteDocument: async (id: string) => {
        const remaining = await api.vendor.deleteDocument(id);
        await mutate(
          key,
          (current?: VendorOwnProfile) =>
            current ? { ...current, documents: remaining } : current,
          { revalidate: true },
        );
        void mutate(endpointKey('listVendorDocuments'), remaining, { revalidate: false });
      },
    };
  }, [mutate]);
}
