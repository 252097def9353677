/**
 * Use cases of a service's gallery (listings domain): add an image through the image pipeline,
 * set its alt text, delete it, reorder the gallery. Images are not part of the search text: each
 * change purges the catalogue's cached pages only.
 */
import type {
  ReorderServiceImagesBody,
  UpdateServiceImageBody,
  VendorService,
} from '@vetted/contract';
import { SERVICE_IMAGES_MAX, updateServiceImageBodySchema } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../../platform/types';
import { processImage, putProcessedImage } from '../../../services/images';
import { deleteUnusedImageFiles, lockEditable, ownService, vendorOf } from '../access';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import type { ImageUpload, ListingsDeps } from '../types';

/**
 * `POST /v1/vendor/services/{id}/images`: adds an image at the end of the gallery (the first
 * image is the cover). The upload goes through the image pipeline (services/images.ts: spec
 * §5 checks, magic bytes, re-encoded to WebP with a thumbnail) and is stored under a new key
 * before the row is written; a failed write removes the files again.
 * @throws AppError 403 `vendor_only`, 404 `service_not_found`, 409 `service_archived` /
 *   `too_many_images` (at most SERVICE_IMAGES_MAX, 10), 400 `image_missing` "No image
 *   selected", 413 `image_too_large` "Image must be less than 3mb", 400
 *   `unsupported_image_type` / `invalid_image`, 400 `validation_error` (alt)
 */
export async function addImage(
  deps: ListingsDeps,
  user: AuthUser,
  id: string,
  upload: ImageUpload,
): Promise<VendorService> {
  const { db, clock, storage, catalogueCache } = deps;
  const vendorId = await vendorOf(db, user);
  const before = await ownService(db, vendorId, id);
  if (before.archivedAt) throw msg.serviceArchived();
  if (before.images.length >= SERVICE_IMAGES_MAX) throw msg.tooManyImages();
  const alt = updateServiceImageBodySchema.shape.alt.safeParse(upload.alt ?? '');
  if (!alt.success) throw msg.invalidAlt(alt.error.issues[0]?.message ?? 'Invalid value');
  const image = await processImage(upload.file);
  const imageId = uuidv7();
  const key = policy.serviceImageKey(id, imageId);
  await putProcessedImage(storage, key, image);
  try {
    await db.transaction(async (tx) => {
      await lockEditable(tx, vendorId, id);
      if ((await repo.imagesOf(tx, [id])).length >= SERVICE_IMAGES_MAX) {
        throw msg.tooManyImages();
      }
      await repo.insertImage(tx, {
        id: imageId,
        serviceId: id,
        storageKey: key,
        width: image.width,
        height: image.height,
        alt: alt.data,
        sort: await repo.nextImageSort(tx, id),
        createdAt: clock.now(),
      });
    });
  } catch (err) {
    // Nothing refers to the new files: remove them rather than leave orphans.
    for (const file of policy.imageFiles(key)) await storage.delete(file).catch(() => {});
    throw err;
  }
  // Images are not part of the search text: the cached pages and covers are all that change.
  catalogueCache.purge();
  return ownService(db, vendorId, id);
}

/**
 * `PATCH /v1/vendor/services/{id}/images/{imageId}`: sets the image's alt text.
 * @throws AppError 403 `vendor_only`, 404 `service_not_found` / `image_not_found`, 409
 *   `service_archived`
 */
export async function updateImage(
  deps: ListingsDeps,

  user: AuthUser,
  id: string,
  imageId: string,
  body: UpdateServiceImageBody,
): Promise<VendorService> {
  const { db, catalogueCache } = deps;
  const vendorId = await vendorOf(db, user);
  await db.transaction(async (tx) => {
    await lockEditable(tx, vendorId, id);
    if (!(await repo.imageOfService(tx, id, imageId))) throw msg.imageNotFound();
    await repo.setImageAlt(tx, imageId, body.alt);
  });
  catalogueCache.purge();
  return ownService(db, vendorId, id);
}

/**
 * `DELETE /v1/vendor/services/{id}/images/{imageId}`: removes the image; its files are
 * deleted through the outbox once that committed (unless another image still uses them).
 * @throws AppError 403 `vendor_only`, 404 `service_not_found` / `image_not_found`, 409
 *   `service_archived`
 */
export async function deleteImage(
  deps: ListingsDeps,
  user: AuthUser,
  id: string,
  imageId: string,
): Promise<VendorService> {
  const { db, catalogueCache } = deps;
  const vendorId = await vendorOf(db, user);
  await db.transaction(async (tx) => {
    await lockEditable(tx, vendorId, id);
    const image = await repo.imageOfService(tx, id, imageId);
    if (!image) throw msg.imageNotFound();
    await repo.deleteImage(tx, imageId);
    await deleteUnusedImageFiles(tx, [image.storageKey], `service-image:${imageId}:deleted`);
  });
  catalogueCache.purge();
  return ownService(db, vendorId, id);
}

/**
 * `PUT /v1/vendor/services/{id}/images/order`: puts the gallery in the order of `imageIds`,
 * which must name every image of the service exactly once; the first becomes the cover.
 * @throws AppError 403 `vendor_only`, 404 `service_not_found`, 409 `service_archived`, 400
 *   `invalid_image_order`
 */
export async function reorderImages(
  deps: ListingsDeps,

  user: AuthUser,
  id: string,
  body: ReorderServiceImagesBody,
): Promise<VendorService> {
  const { db, catalogueCache } = deps;
  const vendorId = await vendorOf(db, user);
  await db.transaction(async (tx) => {
    await lockEditable(tx, vendorId, id);
    const current = (await repo.imagesOf(tx, [id])).map((i) => i.id);
    const problem = policy.reorderProblem(current, body.imageIds);
    if (problem) throw msg.invalidReorder(problem);
    await repo.setImageOrder(tx, body.imageIds);
  });
  catalogueCache.purge();
  return ownService(db, vendorId, id);
}
