/**
 * What the listings domain's use cases share: the caller's vendor profile, one of its services
 * as the contract has it, a category by slug, an editable service's lock, the vendor's
 * availability, and the deletion of image files no longer used.
 */
import type { VendorService } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import { enqueueMediaDelete } from '../../platform/media';
import type { AuthUser } from '../../platform/types';
import { mediaUrl, thumbUrl } from '../../services/images';
import * as vendorArea from '../vendors';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';

/**
 * The caller's vendor profile id.
 * @throws AppError 403 `vendor_only` (customers, admins), 404 `vendor_not_found` (no profile)
 */
export async function vendorOf(db: DbOrTx, user: AuthUser): Promise<string> {
  if (user.role !== 'vendor') throw vendorArea.vendorOnly();
  const vendorId = await repo.vendorIdOfUser(db, user.id);
  if (!vendorId) throw vendorArea.profileNotFound();
  return vendorId;
}

/** One of the vendor's services with its images. @throws AppError 404 `service_not_found` */
export async function ownService(
  db: DbOrTx,
  vendorId: string,
  serviceId: string,
): Promise<VendorService> {
  const row = await repo.serviceOfVendor(db, vendorId, serviceId);
  if (!row) throw msg.serviceNotFound();
  return toVendorService(row, await repo.imagesOf(db, [row.id]));
}

/** The category of `slug`. @throws AppError 422 `unknown_category` naming it */
export async function categoryOf(tx: DbOrTx, slug: string) {
  const category = await repo.categoryBySlug(tx, slug);
  if (!category) throw vendorArea.unknownCategory(slug, 'categorySlug');
  return category;
}

/**
 * In `tx`: locks the vendor's service for an image change.
 * @throws AppError 404 `service_not_found`, 409 `service_archived`
 */
export async function lockEditable(tx: DbOrTx, vendorId: string, serviceId: string): Promise<void> {
  const locked = await repo.lockServiceOfVendor(tx, vendorId, serviceId);
  if (!locked) throw msg.serviceNotFound();
  if (locked.archived) throw msg.serviceArchived();
}

/**
 * Queues the deletion (outbox `media.delete`, under `key`) of the files of images no longer in
 * the database — those of `storageKeys` that no other gallery image or vendor cover still uses
 * (a seeded picture may be shared).
 */
export async function deleteUnusedImageFiles(
  tx: DbOrTx,
  storageKeys: readonly string[],
  key: string,
): Promise<void> {
  const used = await repo.storageKeysInUse(tx, storageKeys);
  const unused = storageKeys.filter((k) => !used.has(k));
  await enqueueMediaDelete(tx, unused.flatMap(policy.imageFiles), key);
}

/** The contract's `VendorService` of a row and its images (in display order). */
export function toVendorService(
  row: repo.OwnServiceRow,
  images: readonly repo.ServiceImageRow[],
): VendorService {
  const cover = images[0];
  return {
    id: row.id,
    vendorId: row.vendorId,
    category: { slug: row.categorySlug, name: row.categoryName },
    title: row.title,
    description: row.description,
    price: { amount: row.price, currency: row.currency },
    durationMinutes: row.durationMinutes,
    active: row.active,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    coverImageUrl: cover ? thumbUrl(cover.storageKey) : null,
    images: images.map((image) => ({
      id: image.id,
      url: mediaUrl(image.storageKey),
      thumbUrl: thumbUrl(image.storageKey),
      width: image.width,
      height: image.height,
      alt: image.alt,
    })),
    upcomingOrderCount: row.upcomingOrderCount,
    createdAt: row.createdAt.toISOString(),
  };
}
