/**
 * The catalogue's public reads (catalogue domain): categories, one approved vendor, its active
 * services, one bookable service and its gallery, as the contract shapes them. Each takes `db`.
 */
import type {
  Category,
  GalleryImage,
  Service,
  ServiceDetail,
  VendorDetail,
} from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { mediaUrl, thumbUrl } from '../../services/images';
import { requireBookableService } from './bookable-service';
import { toService, toSummary } from './dto';
import * as msg from './messages';
import * as repo from './repository';

/** Every category with its count of approved vendors. */
export async function listCategories(db: DbOrTx): Promise<Category[]> {
  return (await repo.listCategories(db)).map((r) => ({
    ...r,
    vendorCount: Number(r.vendorCount),
  }));
}

/**
 * One approved vendor.
 * @throws AppError 404 `vendor_not_found` for unknown and not (or no longer) approved vendors
 */
export async function getVendor(db: DbOrTx, id: string): Promise<VendorDetail> {
  const summary = await repo.vendorSummaryById(db, id);
  const profile = summary ? await repo.vendorProfile(db, id) : null;
  if (!summary || !profile) throw msg.vendorNotFound();
  const cats = await repo.vendorCategories(db, id, profile.primaryCategoryId);
  return {
    ...toSummary(summary),
    bio: profile.bio,
    address: profile.address,
    serviceRadiusKm: Number(profile.serviceRadiusKm),
    timeZone: profile.timeZone,
    memberSince: profile.createdAt.toISOString(),
    vettingStatus: profile.vettingStatus,
    categories: cats,
  };
}

/**
 * A vendor's active services, cheapest first.
 * @throws AppError 404 `vendor_not_found` when the vendor is not an approved one
 */
export async function listVendorServices(db: DbOrTx, vendorId: string): Promise<Service[]> {
  if (!(await repo.isApprovedVendor(db, vendorId))) throw msg.vendorNotFound();
  return (await repo.activeServicesOf(db, vendorId)).map(toService);
}

/**
 * One active service of an approved vendor, with the vendor's summary.
 * @throws AppError 404 `service_not_found`
 */
export async function getService(db: DbOrTx, id: string): Promise<ServiceDetail> {
  const row = await repo.bookableServiceRow(db, id);
  const vendor = row ? await repo.vendorSummaryById(db, row.vendorId) : null;
  if (!row || !vendor) throw msg.serviceNotFound();
  return { ...toService(row), vendor: toSummary(vendor) };
}

/**
 * A bookable service's gallery in display order.
 * @throws AppError 404 `service_not_found`
 */
export async function getServiceGallery(db: DbOrTx, id: string): Promise<GalleryImage[]> {
  await requireBookableService(db, id);
  return (await repo.serviceImagesOf(db, id)).map((r) => ({
    id: r.id,
    url: mediaUrl(r.storageKey),
    thumbUrl: thumbUrl(r.storageKey),
    width: r.width,
    height: r.height,
    alt: r.alt,
  }));
}
