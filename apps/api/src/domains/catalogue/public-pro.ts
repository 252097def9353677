/**
 * Use cases of the public pro page (`/pros/:slug`, issue "Public pages"): an approved pro's
 * profile by slug, with vetting, rating, reviews, services and service area, and their reviews
 * paged. Read-only. Built from the catalogue's own public reads (`getVendor`,
 * `listVendorServices`) and the reviews domain's list, so the page says what the app says.
 */
import {
  documentKindSchema,
  PRO_PAGE_REVIEW_COUNT,
  type PublicPro,
  type ReviewPage,
  type Service,
  type VendorDetail,
} from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { mediaUrl } from '../../services/images';
import * as reviewsRepo from '../reviews';
import * as msg from './messages';
import * as repo from './public-pro-repository';
import type { CatalogueService } from './service';

/** What the public pro reads need: the database and the catalogue's public reads. */
export interface PublicProDeps {
  db: DbOrTx;
  catalogue: Pick<CatalogueService, 'getVendor' | 'listVendorServices'>;
}

/** What the public pro page shows besides the pro's row: the catalogue's reads and reviews. */
interface ProPageParts {
  vendor: VendorDetail;
  services: Service[];
  /** Kinds of the pro's checked vetting documents. */
  kinds: readonly string[];
  reviews: ReviewPage;
}

/** The contract's `PublicPro` of an approved pro (`slug` its current one) and its parts. */
function toPublicPro(
  slug: string,
  pro: repo.ProBySlug,
  { vendor, services, kinds, reviews }: ProPageParts,
): PublicPro {
  const { histogram } = reviews.breakdown;
  return {
    id: vendor.id,
    slug,
    businessName: vendor.businessName,
    tagline: vendor.tagline,
    bio: vendor.bio,
    avatarUrl: pro.avatarKey ? mediaUrl(pro.avatarKey) : null,
    coverImageUrl: vendor.coverImageUrl,
    categories: vendor.categories,
    vetting: {
      status: 'approved',
      approvedAt: pro.vettingUpdatedAt?.toISOString() ?? null,
      // The contract's order (identity, insurance, licence); unknown kinds are not shown.
      checks: documentKindSchema.options.filter((k) => kinds.includes(k)),
    },
    rating: {
      average: reviews.breakdown.average,
      count: reviews.breakdown.count,
      breakdown: {
        5: histogram[5],
        4: histogram[4],
        3: histogram[3],
        2: histogram[2],
        1: histogram[1],
      },
    },
    reviews,
    services,
    serviceArea: {
      city: vendor.city,
      country: vendor.country,
      radiusKm: vendor.serviceRadiusKm,
    },
    memberSince: vendor.memberSince,
  };
}

export function createPublicProService({ db, catalogue }: PublicProDeps) {
  /**
   * The approved pro whose current slug is `slug`.
   * @throws AppError 404 `vendor_not_found` for an unknown slug or a pro not (or no longer)
   *   approved; 410 `vendor_gone` when the pro's account was deleted
   */
  async function approvedPro(slug: string): Promise<repo.ProBySlug> {
    const pro = await repo.proBySlug(db, slug);
    if (pro?.deleted) throw msg.proGone();
    if (!pro?.approved) throw msg.vendorNotFound();
    return pro;
  }

  return {
    /**
     * Where an old slug moved: the current slug of its approved pro, or null when `slug` is
     * not an old slug of one (then {@link getPro} answers it, or 404).
     */
    movedTo(slug: string): Promise<string | null> {
      return repo.currentSlugOf(db, slug);
    },

    /**
     * The approved pro's public profile: the catalogue's vendor detail and active services,
     * vetting (approval time, checked document kinds), rating from the reviews (the same
     * numbers as the breakdown of the first {@link PRO_PAGE_REVIEW_COUNT} reviews it carries).
     * @throws AppError 404 `vendor_not_found` for an unknown slug or a pro not approved; 410
     *   `vendor_gone` when the pro's account was deleted
     */
    async getPro(slug: string): Promise<PublicPro> {
      const pro = await approvedPro(slug);
      const [vendor, services, kinds, reviews] = await Promise.all([
        catalogue.getVendor(pro.id),
        catalogue.listVendorServices(pro.id),
        repo.documentKindsOf(db, pro.id),
        reviewsRepo.vendorReviewPage(db, pro.id, { page: 1, pageSize: PRO_PAGE_REVIEW_COUNT }),
      ]);
      return toPublicPro(slug, pro, { vendor, services, kinds, reviews });
    },

    /**
     * A page of the approved pro's reviews (`page` from 1, `pageSize` 1–50), newest first, with
     * the breakdown of all their reviews: the shape of `GET /v1/vendors/{id}/reviews`.
     * @throws AppError 404 `vendor_not_found` for an unknown slug or a pro not approved; 410
     *   `vendor_gone` when the pro's account was deleted
     */
    async listReviews(
      slug: string,
      query: { page: number; pageSize: number },
    ): Promise<ReviewPage> {
      const pro = await approvedPro(slug);
      return reviewsRepo.vendorReviewPage(db, pro.id, query);
    },
  };
}

export type PublicProService = ReturnType<typeof createPublicProService>;
