/**
 * Use cases of the vendors domain (issue #8): the pro's own business profile in any vetting
 * state (`/v1/vendor/profile`), its onboarding checklist, submission for review, and vetting
 * documents (`/v1/vendor/documents`) kept in private storage — never under `/media`. The
 * business of a pro's sign-up is resolved here too ({@link VendorsService.resolveBusiness}).
 *
 * Each write runs in one transaction holding the profile's row lock, so a submission and a
 * document deletion cannot interleave. Side effects (the vendor's notice and mail, the admins'
 * notice, file deletions) are outbox rows of that transaction.
 */
import type {
  DocumentKind,
  updateVendorProfileBodySchema,
  VendorDocument,
  VendorOwnProfile,
  vendorBusinessSchema,
} from '@vetted/contract';
import { DOCUMENT_MAX_BYTES, REVERSE_GEOCODE_MAX_KM } from '@vetted/contract';
import { fileTypeFromBuffer } from 'file-type';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client';
import { enqueue } from '../../jobs/engine';
import { documentDeleteJob } from './jobs/document-delete';
import type { AuthUser } from '../../plugins/auth';
import type { Storage } from '../../services/storage';
import { syncVendorListing } from '../listings/service';
import type { ServiceDeps } from '../deps';
import { enqueueMail } from '../mail/service';
import { notify } from '../notifications/service';
import { type Geocoder, timeZoneAt } from '../places/geocoder';
import { normalizeName } from '../places/policy';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';
import { syncVendorSlug } from './slug';

/**
 * Erases a pro's vetting documents when their account is deleted, in the deletion's
 * transaction: the rows now, the private files through the outbox ((job `vendor.document.delete`))
 * once that committed. Identity papers are not kept for a business that no longer exists; the
 * audit log keeps what was decided about them.
 */
export async function eraseVendorDocuments(tx: DbOrTx, vendorId: string): Promise<void> {
  const rows = await repo.deleteAllDocuments(tx, vendorId);
  if (rows.length === 0) return;
  await enqueue(
    tx,
    documentDeleteJob,
    { keys: rows.map((r) => r.storageKey) },
    { key: `vendor:${vendorId}:erase-documents` },
  );
}

type BusinessInput = z.output<typeof vendorBusinessSchema>;
type ProfileInput = z.output<typeof updateVendorProfileBodySchema>;

/**
 * A pro's business as the sign-up stores it on the new `draft` profile: the category's id, the
 * city's coordinates (degrees), its ISO country code and IANA time zone; radius in km.
 */
export interface ResolvedBusiness {
  businessName: string;
  primaryCategoryId: string;
  city: string;
  country: string;
  lat: number;
  lng: number;
  timeZone: string;
  serviceRadiusKm: number;
}

/** One `POST /v1/vendor/documents` as the route read it. */
export interface DocumentUpload {
  /** The `kind` field as sent, unchecked. */
  kind: string | undefined;
  /** The `file` part; null when none was sent. */
  file: { data: Buffer; fileName?: string } | null;
}

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

/** A position as stored on the profile. */
interface Position {
  lat: number;
  lng: number;
  country: string;
  timeZone: string;
}

/**
 * Where a business is (issue #8): sent `lat`/`lng` are taken as they are, with the time zone
 * looked up there (and the country of the nearest city when none was sent); otherwise the city
 * is looked up offline in the places domain's dataset — by exact name in `country` when given,
 * else the best exact-name match anywhere.
 * @throws AppError 422 `unknown_city` on `field` when the city is not in the dataset.
 */
export async function locateBusiness(
  geocoder: Geocoder,
  input: { city: string; country?: string; lat?: number; lng?: number },
  field: string,
): Promise<Position> {
  if (input.lat !== undefined && input.lng !== undefined) {
    const country =
      input.country ??
      (await geocoder.nearest(input.lat, input.lng, REVERSE_GEOCODE_MAX_KM))?.country ??
      '';
    return { lat: input.lat, lng: input.lng, country, timeZone: timeZoneAt(input.lat, input.lng) };
  }
  let found = null;
  if (input.country) {
    found = await geocoder.resolve(input.city, input.country);
  } else {
    const wanted = normalizeName(input.city);
    const candidates = await geocoder.search({ q: input.city, limit: 10 });
    found = candidates.find((c) => normalizeName(c.name) === wanted) ?? null;
  }
  if (!found) throw msg.unknownCity(input.city, input.country, field);
  return { lat: found.lat, lng: found.lng, country: found.country, timeZone: found.timeZone };
}

export function createVendorsService(deps: VendorsDeps) {
  const { db, clock, config, geocoder, documents, purgeCatalogue } = deps;

  /**
   * The caller's profile: vendors only.
   * @throws AppError 403 `vendor_only` for customers and admins, 404 `vendor_not_found`.
   */
  async function requireVendor(
    user: AuthUser,
    tx: DbOrTx = db,
    lock = false,
  ): Promise<repo.VendorProfileRow> {
    if (user.role !== 'vendor') throw msg.vendorOnly();
    const profile = await repo.findProfileByUser(tx, user.id, lock);
    if (!profile) throw msg.profileNotFound();
    return profile;
  }

  /** The checklist of `profile` from its rows (read with `tx`) and its documents. */
  async function checklistOf(
    tx: DbOrTx,
    profile: repo.VendorProfileRow,
    docs: readonly repo.VendorDocumentRow[],
  ) {
    const counts = await repo.checklistCounts(tx, profile.id);
    return policy.onboardingChecklist({
      profile,
      status: profile.vettingStatus,
      activeServices: counts.activeServices,
      weeklyRanges: counts.weeklyRanges,
      documentKinds: docs.map((d) => d.kind),
    });
  }

  /** The `VendorOwnProfile` answer for `profile`. */
  async function ownProfile(profile: repo.VendorProfileRow): Promise<VendorOwnProfile> {
    const docs = await repo.listDocuments(db, profile.id);
    const checklist = await checklistOf(db, profile, docs);
    return {
      profile: await repo.vendorDetail(db, profile),
      vettingStatus: profile.vettingStatus,
      vettingReason: policy.visibleReason(profile.vettingStatus, profile.vettingReason),
      submittedAt: profile.submittedAt?.toISOString() ?? null,
      checklist,
      canSubmit: policy.canSubmit(checklist, profile.vettingStatus),
      documents: docs.map(repo.toDocumentDto),
    };
  }

  /**
   * The category of `slug`.
   * @throws AppError 422 `unknown_category` on `field`.
   */
  async function categoryId(slug: string, field: string): Promise<string> {
    const category = await repo.categoryBySlug(db, slug);
    if (!category) throw msg.unknownCategory(slug, field);
    return category.id;
  }

  /** The caller's profile, locked `FOR UPDATE` until `tx` ends. */
  async function lockedProfile(tx: Tx, user: AuthUser): Promise<repo.VendorProfileRow> {
    return requireVendor(user, tx, true);
  }

  return {
    /**
     * The business of a pro's sign-up (`business` of `POST /v1/auth/signup`), resolved before
     * anything is written: the main category by slug and the city offline (see
     * {@link locateBusiness}). Reads only; the auth service stores the result.
     * @throws AppError 422 `unknown_category` (field `business.primaryCategorySlug`), 422
     *   `unknown_city` (field `business.city`).
     */
    async resolveBusiness(business: BusinessInput): Promise<ResolvedBusiness> {
      const primaryCategoryId = await categoryId(
        business.primaryCategorySlug,
        'business.primaryCategorySlug',
      );
      const position = await locateBusiness(geocoder, business, 'business.city');
      return {
        businessName: business.businessName,
        primaryCategoryId,
        city: business.city,
        serviceRadiusKm: business.serviceRadiusKm,
        ...position,
      };
    },

    /**
     * `GET /v1/vendor/profile`: the caller's profile in any vetting state as customers would see
     * it, the reason of a rejection or suspension, the checklist and the documents.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`.
     */
    async getProfile(user: AuthUser): Promise<VendorOwnProfile> {
      return ownProfile(await requireVendor(user));
    },

    /**
     * `PUT /v1/vendor/profile`: replaces the business fields. The position changes only when the
     * place does: sent `lat`/`lng` that differ from the stored ones are taken (time zone looked
     * up there); without them a new city or country is looked up offline; otherwise coordinates
     * and time zone stay (a zone set with the opening hours is not overwritten by an unrelated
     * edit). Refreshes the search text in the same transaction; an approved vendor's cached
     * public answers are dropped after the commit.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 422 `unknown_category` (field
     *   `primaryCategorySlug`), 422 `unknown_city` (field `city`).
     */
    async updateProfile(user: AuthUser, body: ProfileInput): Promise<VendorOwnProfile> {
      const current = await requireVendor(user);
      const primaryCategoryId = await categoryId(body.primaryCategorySlug, 'primaryCategorySlug');
      const sentPoint = body.lat !== undefined && body.lng !== undefined;
      const movedPoint =
        sentPoint && (body.lat !== Number(current.lat) || body.lng !== Number(current.lng));
      const movedCity =
        normalizeName(body.city) !== normalizeName(current.city) ||
        body.country !== current.country;
      const position =
        movedPoint || (!sentPoint && movedCity)
          ? await locateBusiness(geocoder, body, 'city')
          : null;

      const { updated, wasApproved } = await db.transaction(async (tx) => {
        const locked = await lockedProfile(tx, user);
        const row = await repo.updateProfile(tx, locked.id, {
          businessName: body.businessName,
          tagline: body.tagline,
          bio: body.bio,
          primaryCategoryId,
          city: body.city,
          country: position?.country ?? body.country,
          serviceRadiusKm: body.serviceRadiusKm,
          ...(position
            ? { lat: position.lat, lng: position.lng, timeZone: position.timeZone }
            : {}),
        });
        // A new business name gives a new public slug; the old one keeps answering with a 301.
        // Only a rename does: a slug backfilled by SQL may spell a name differently ("&").
        const slug =
          body.businessName !== locked.businessName || !locked.slug
            ? await syncVendorSlug(tx, locked.id, body.businessName, locked.slug)
            : locked.slug;
        // The categories it is listed in follow the main one; name, tagline, city and categories
        // are what text search matches (issue #9).
        await syncVendorListing(tx, locked.id);
        return {
          updated: { ...(row ?? locked), slug },
          wasApproved: locked.vettingStatus === 'approved',
        };
      });
      if (wasApproved || updated.vettingStatus === 'approved') purgeCatalogue();
      return ownProfile(updated);
    },

    /**
     * `POST /v1/vendor/profile/submit`: a draft or rejected profile with every checklist step
     * but `submit` done goes to `pending` (`submittedAt` and `vettingUpdatedAt` = now; the last
     * decision's reason is kept for the reviewer, see policy.visibleReason). In the same
     * transaction: the vendor's in-app notice and mail, and a "New vendor to vet" notice to each
     * active admin.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 409 `invalid_transition`
     *   (pending, approved, suspended), 409 `profile_incomplete` listing what is missing.
     */
    async submit(user: AuthUser): Promise<VendorOwnProfile> {
      await db.transaction(async (tx) => {
        const now = clock.now();
        const profile = await lockedProfile(tx, user);
        const docs = await repo.listDocuments(tx, profile.id);
        const checklist = await checklistOf(tx, profile, docs);
        const decision = policy.decideSubmit(profile.vettingStatus, checklist);
        if (decision.kind === 'wrong_status') throw msg.cannotSubmit(decision.status);
        if (decision.kind === 'incomplete') throw msg.incomplete(decision.missing);

        await repo.markSubmitted(tx, profile.id, now);
        const owner = await repo.ownerOf(tx, user.id);
        await notify(tx, [{ userId: user.id, ...msg.submittedNotice(profile.businessName) }]);
        if (owner) {
          await enqueueMail(
            tx,
            msg.submittedMail({
              to: owner.email,
              fullName: owner.fullName,
              businessName: profile.businessName,
              publicUrl: config.publicUrl,
            }),
          );
        }
        const notice = msg.newVendorToVetNotice({
          vendorId: profile.id,
          businessName: profile.businessName,
          city: profile.city,
        });
        const admins = await repo.activeAdminIds(tx);
        await notify(
          tx,
          admins.map((userId) => ({ userId, ...notice })),
        );
      });
      return ownProfile(await requireVendor(user));
    },

    /**
     * `GET /v1/vendor/documents`: the caller's vetting documents, newest first.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`.
     */
    async listDocuments(user: AuthUser): Promise<VendorDocument[]> {
      const profile = await requireVendor(user);
      return (await repo.listDocuments(db, profile.id)).map(repo.toDocumentDto);
    },

    /**
     * `POST /v1/vendor/documents`: checks the upload (a file, a known kind, at most
     * DOCUMENT_MAX_BYTES = 10 MB, a PDF, JPEG, PNG or WebP by its magic bytes — never by its
     * name), stores it in private storage under `vendor-documents/<vendorId>/<id>.<ext>` and
     * records it. At most policy.MAX_DOCUMENTS (20) per vendor. A file whose row could not be
     * written is removed again.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 400 `document_missing` "No
     *   document selected", 400 `invalid_document_kind`, 413 `document_too_large`, 415
     *   `unsupported_document_type`, 409 `too_many_documents`.
     */
    async uploadDocument(user: AuthUser, upload: DocumentUpload): Promise<VendorDocument> {
      const profile = await requireVendor(user);
      const data = upload.file?.data;
      if (!data || data.length === 0) throw msg.documentMissing();
      const kind: DocumentKind | null = policy.parseDocumentKind(upload.kind);
      if (!kind) throw msg.invalidKind();
      if (data.length > DOCUMENT_MAX_BYTES) throw msg.documentTooLarge();
      const detected = (await fileTypeFromBuffer(data))?.mime;
      if (!policy.isDocumentContentType(detected)) throw msg.unsupportedDocumentType();
      if ((await repo.countDocuments(db, profile.id)) >= policy.MAX_DOCUMENTS) {
        throw msg.tooManyDocuments(policy.MAX_DOCUMENTS);
      }

      const id = uuidv7();
      const storageKey = policy.documentStorageKey(profile.id, id, detected);
      await documents.put(storageKey, data, detected);
      try {
        const row = await db.transaction(async (tx) => {
          const locked = await lockedProfile(tx, user);
          if ((await repo.countDocuments(tx, locked.id)) >= policy.MAX_DOCUMENTS) {
            throw msg.tooManyDocuments(policy.MAX_DOCUMENTS);
          }
          return repo.insertDocument(tx, {
            id,
            vendorId: locked.id,
            kind,
            storageKey,
            fileName: policy.documentFileName(upload.file?.fileName, kind, detected),
            contentType: detected,
            sizeBytes: data.length,
            createdAt: clock.now(),
          });
        });
        return repo.toDocumentDto(row);
      } catch (err) {
        // Nothing refers to the file: remove it rather than leave an orphan.
        await documents.delete(storageKey).catch(() => undefined);
        throw err;
      }
    },

    /**
     * `DELETE /v1/vendor/documents/{id}`: deletes one of the caller's documents — not while the
     * profile is under review — and its file through the outbox ((job `vendor.document.delete`))
     * once that committed. Answers the remaining documents.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 404 `document_not_found` (also
     *   another vendor's document), 409 `under_review` while pending.
     */
    async deleteDocument(user: AuthUser, id: string): Promise<VendorDocument[]> {
      const vendorId = await db.transaction(async (tx) => {
        const profile = await lockedProfile(tx, user);
        const docs = await repo.listDocuments(tx, profile.id);
        if (!docs.some((d) => d.id === id)) throw msg.documentNotFound();
        if (!policy.canDeleteDocument(profile.vettingStatus)) throw msg.documentUnderReview();
        const row = await repo.deleteDocument(tx, profile.id, id);
        if (!row) throw msg.documentNotFound();
        await enqueue(
          tx,
          documentDeleteJob,
          { keys: [row.storageKey] },
          { key: `vendor-document:${row.id}:delete` },
        );
        return profile.id;
      });
      return (await repo.listDocuments(db, vendorId)).map(repo.toDocumentDto);
    },
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;
