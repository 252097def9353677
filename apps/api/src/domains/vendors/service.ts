/**
 * Use cases of the vendors domain: the pro's own business profile in any vetting
 * state (`/v1/vendor/profile`), its onboarding checklist, submission for review, and vetting
 * documents (`/v1/vendor/documents`) kept in private storage — never under `/media`. The
 * business of a pro's sign-up is resolved here too ({@link VendorsService.resolveBusiness}).
 * Each use case is a file of use-cases/ (or business.ts); this is the service routes and the app
 * see.
 *
 * Each write runs in one transaction holding the profile's row lock, so a submission and a
 * document deletion cannot interleave. Side effects (the vendor's notice and mail, the admins'
 * notice, file deletions) are outbox rows of that transaction.
 */
import type {
  updateVendorProfileBodySchema,
  VendorOwnProfile,
  vendorBusinessSchema,
} from '@vetted/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../platform/types';
import type { Storage } from '../../services/storage';
import type { ServiceDeps } from '../deps';
import type { Geocoder } from '../places';
import { ownProfile, requireVendor } from './access';
import { resolveBusiness } from './business';
import {
  type DocumentUpload,
  deleteDocument,
  listDocuments,
  uploadDocument,
} from './use-cases/documents';
import { submit } from './use-cases/submit';
import { updateProfile } from './use-cases/update-profile';

export { locateBusiness, type ResolvedBusiness, resolveBusiness } from './business';
export { type DocumentUpload, eraseVendorDocuments } from './use-cases/documents';

type BusinessInput = z.output<typeof vendorBusinessSchema>;
type ProfileInput = z.output<typeof updateVendorProfileBodySchema>;

/** What the vendors service needs besides the common deps. */
export interface VendorsDeps extends Pick<ServiceDeps, 'db' | 'clock' | 'config'> {
  /** City name → coordinates, country and time zone (the process-wide one of the places domain). */
  geocoder: Geocoder;
  /** Private storage of vetting documents (`app.privateStorage`), never served under `/media`. */
  documents: Storage;
  /**
   * Drops the catalogue's cached public answers (the response cache) and search
   * vocabularies on every instance, called after an approved vendor's public profile changed:
   * the app's `CatalogueCache.purge({ search: true })`.
   */
  purgeCatalogue: () => void;
}

export function createVendorsService(deps: VendorsDeps) {
  const { db } = deps;
  return {
    /** The business of a pro's sign-up: {@link resolveBusiness}. */
    resolveBusiness: (business: BusinessInput) => resolveBusiness(deps, business),

    /**
     * `GET /v1/vendor/profile`: the caller's profile in any vetting state as customers would see
     * it, the reason of a rejection or suspension, the checklist and the documents.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`.
     */
    async getProfile(user: AuthUser): Promise<VendorOwnProfile> {
      return ownProfile(db, await requireVendor(db, user));
    },

    /** `PUT /v1/vendor/profile`: {@link updateProfile}. */
    updateProfile: (user: AuthUser, body: ProfileInput) => updateProfile(deps, user, body),

    /** `POST /v1/vendor/profile/submit`: {@link submit}. */
    submit: (user: AuthUser) => submit(deps, user),

    /** `GET /v1/vendor/documents`: {@link listDocuments}. */
    listDocuments: (user: AuthUser) => listDocuments(deps, user),

    /** `POST /v1/vendor/documents`: {@link uploadDocument}. */
    uploadDocument: (user: AuthUser, upload: DocumentUpload) => uploadDocument(deps, user, upload),

    /** `DELETE /v1/vendor/documents/{id}`: {@link deleteDocument}. */
    deleteDocument: (user: AuthUser, id: string) => deleteDocument(deps, user, id),
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;
