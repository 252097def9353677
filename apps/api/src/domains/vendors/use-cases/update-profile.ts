/**
 * `PUT /v1/vendor/profile` (vendors domain): the pro's business fields, its position when the
 * place changed, its slug when renamed, and its listing and search text in the same transaction.
 */
import type { updateVendorProfileBodySchema, VendorOwnProfile } from '@vetted/contract';
import type { z } from 'zod';
import type { AuthUser } from '../../../platform/types';
import type { ServiceDeps } from '../../deps';
import { syncVendorListing } from '../../listings';
import { type Geocoder, normalizeName } from '../../places';
import { categoryId, lockedProfile, ownProfile, requireVendor } from '../access';
import { locateBusiness } from '../business';
import * as repo from '../repository';
import { syncVendorSlug } from '../slug';

type ProfileInput = z.output<typeof updateVendorProfileBodySchema>;

/** What a profile update needs: the database, the city index and the catalogue's purge. */
export interface UpdateProfileDeps extends Pick<ServiceDeps, 'db'> {
  geocoder: Geocoder;
  /** Drops the catalogue's cached answers on every instance (`CatalogueCache.purge`). */
  purgeCatalogue: () => void;
}

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
export async function updateProfile(
  { db, geocoder, purgeCatalogue }: UpdateProfileDeps,
  user: AuthUser,
  body: ProfileInput,
): Promise<VendorOwnProfile> {
  const current = await requireVendor(db, user);
  const primaryCategoryId = await categoryId(db, body.primaryCategorySlug, 'primaryCategorySlug');
  const sentPoint = body.lat !== undefined && body.lng !== undefined;
  const movedPoint =
    sentPoint && (body.lat !== Number(current.lat) || body.lng !== Number(current.lng));
  const movedCity =
    normalizeName(body.city) !== normalizeName(current.city) || body.country !== current.country;
  const position =
    movedPoint || (!sentPoint && movedCity) ? await locateBusiness(geocoder, body, 'city') : null;

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
      ...(position ? { lat: position.lat, lng: position.lng, timeZone: position.timeZone } : {}),
    });
    // A new business name gives a new public slug; the old one keeps answering with a 301.
    // Only a rename does: a slug backfilled by SQL may spell a name differently ("&").
    const slug =
      body.businessName !== locked.businessName || !locked.slug
        ? await syncVendorSlug(tx, locked.id, body.businessName, locked.slug)
        : locked.slug;
    // The categories it is listed in follow the main one; name, tagline, city and categories
    // are what text search matches.
    await syncVendorListing(tx, locked.id);
    return {
      updated: { ...(row ?? locked), slug },
      wasApproved: locked.vettingStatus === 'approved',
    };
  });
  if (wasApproved || updated.vettingStatus === 'approved') purgeCatalogue();
  return ownProfile(db, updated);
}
