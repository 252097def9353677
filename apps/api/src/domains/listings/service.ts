/**
 * Use cases of the listings domain (ARCHITECTURE §1a, issue #8 "Listings, gallery,
 * availability"): a pro's services, their images and the pro's opening hours. Each write is one
 * transaction; files of removed images are deleted through the outbox (`media.delete`) once it
 * commits. Every write that changes what customers see refreshes the pro's search text and
 * category listing in its transaction and, after it commits, purges the catalogue's cached
 * answers, so the public pages and slots follow at once.
 */
import type {
  Availability,
  DeleteVendorServiceResult,
  ReorderServiceImagesBody,
  UpdateServiceImageBody,
  updateVendorServiceBodySchema,
  VendorService,
  vendorServiceBodySchema,
} from '@vetted/contract';
import { SERVICE_IMAGES_MAX, updateServiceImageBodySchema } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { enqueueMediaDelete } from '../../platform/media';
import type { AuthUser } from '../../plugins/auth';
import { mediaUrl, processImage, putProcessedImage, thumbUrl } from '../../services/images';
import type { Storage } from '../../services/storage';
import { minutesOfTime, timeOfMinutes } from '../catalogue/policy';
import { type CatalogueCache, lockVendorTime, refreshVendorSearch } from '../catalogue/service';
import type { ServiceDeps } from '../deps';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';

/** What the listings service needs besides the common deps. */
export interface ListingsDeps extends Pick<ServiceDeps, 'db' | 'clock'> {
  /** Where service images are stored (`app.storage`, public under `/media`). */
  storage: Storage;
  /** The app's catalogue caches, purged after each change customers see (on every instance). */
  catalogueCache: Pick<CatalogueCache, 'purge'>;
}

/** An image upload as the route read it: the multipart `file` (null when none) and `alt`. */
export interface ImageUpload {
  file: Buffer | null;
  alt?: string;
}

/**
 * Keeps what customers find of a vendor in step with its services (issue #8), in the caller's
 * transaction: the categories it is listed in (`vendor_categories`: its primary category and those
 * of its active services) and what search reads of it (catalogue `refreshVendorSearch`). Call it
 * after any change to a vendor's services or primary category; purge the catalogue cache
 * (`CatalogueCache.purge({ search: true })`) once the transaction commits.
 */
export async function syncVendorListing(tx: DbOrTx, vendorId: string): Promise<void> {
  await repo.syncVendorCategories(tx, vendorId);
  await refreshVendorSearch(tx, [vendorId]);
}

/**
 * Queues the deletion (outbox `media.delete`, under `key`) of the files of images no longer in
 * the database — those of `storageKeys` that no other gallery image or vendor cover still uses
 * (a seeded picture may be shared).
 */
async function deleteUnusedImageFiles(
  tx: DbOrTx,
  storageKeys: readonly string[],
  key: string,
): Promise<void> {
  const used = await repo.storageKeysInUse(tx, storageKeys);
  const unused = storageKeys.filter((k) => !used.has(k));
  await enqueueMediaDelete(tx, unused.flatMap(policy.imageFiles), key);
}

/** The contract's `VendorService` of a row and its images (in display order). */
function toVendorService(
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

/** The pro's services, images and opening hours (`/v1/vendor/services*`, `/v1/vendor/availability`). */
export function createListingsService(deps: ListingsDeps) {
  const { db, clock, storage, catalogueCache } = deps;

  /**
   * The caller's vendor profile id.
   * @throws AppError 403 `vendor_only` (customers, admins), 404 `vendor_not_found` (no profile)
   */
  async function vendorOf(user: AuthUser): Promise<string> {
    if (user.role !== 'vendor') throw msg.vendorOnly();
    const vendorId = await repo.vendorIdOfUser(db, user.id);
    if (!vendorId) throw msg.profileNotFound();
    return vendorId;
  }

  /** One of the vendor's services with its images. @throws AppError 404 `service_not_found` */
  async function ownService(vendorId: string, serviceId: string): Promise<VendorService> {
    const row = await repo.serviceOfVendor(db, vendorId, serviceId);
    if (!row) throw msg.serviceNotFound();
    return toVendorService(row, await repo.imagesOf(db, [row.id]));
  }

  /** The category of `slug`. @throws AppError 422 `unknown_category` naming it */
  async function categoryOf(tx: DbOrTx, slug: string) {
    const category = await repo.categoryBySlug(tx, slug);
    if (!category) throw msg.unknownCategory(slug, 'categorySlug');
    return category;
  }

  /**
   * In `tx`: locks the vendor's service for an image change.
   * @throws AppError 404 `service_not_found`, 409 `service_archived`
   */
  async function lockEditable(tx: DbOrTx, vendorId: string, serviceId: string): Promise<void> {
    const locked = await repo.lockServiceOfVendor(tx, vendorId, serviceId);
    if (!locked) throw msg.serviceNotFound();
    if (locked.archived) throw msg.serviceArchived();
  }

  /** The vendor's availability as the contract has it. */
  async function availabilityOf(vendorId: string): Promise<Availability> {
    const [settings, weekly, exceptions] = await Promise.all([
      repo.bookingSettings(db, vendorId),
      repo.weeklyRules(db, vendorId),
      repo.exceptionsOf(db, vendorId),
    ]);
    if (!settings) throw msg.profileNotFound();
    return {
      timeZone: settings.timeZone,
      weekly: weekly.map((r) => ({
        weekday: r.weekday,
        start: timeOfMinutes(r.startMinute),
        end: timeOfMinutes(r.endMinute),
      })),
      exceptions: exceptions.map((e) =>
        e.ranges.length === 0
          ? { date: e.date, closed: true as const }
          : { date: e.date, ranges: e.ranges },
      ),
      minNoticeMinutes: settings.minNoticeMinutes,
      bufferMinutes: settings.bufferMinutes,
      horizonDays: settings.horizonDays,
    };
  }

  return {
    /**
     * `GET /v1/vendor/services`: the pro's services with their images and upcoming orders, live
     * ones first and archived ones last.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    async listServices(user: AuthUser): Promise<VendorService[]> {
      const vendorId = await vendorOf(user);
      const rows = await repo.servicesOfVendor(db, vendorId);
      const images = await repo.imagesOf(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((row) =>
        toVendorService(
          row,
          images.filter((i) => i.serviceId === row.id),
        ),
      );
    },

    /**
     * `GET /v1/vendor/services/{id}`: one of the pro's services, archived ones included.
     * @throws AppError 403 `vendor_only`, 404 `service_not_found` (also for another pro's)
     */
    async getService(user: AuthUser, id: string): Promise<VendorService> {
      return ownService(await vendorOf(user), id);
    },

    /**
     * `POST /v1/vendor/services`: creates a service (price in minor units) in the category of
     * `categorySlug`; an active one lists the pro in that category and in search at once.
     * @throws AppError 403 `vendor_only`, 422 `unknown_category`
     */
    async createService(user: AuthUser, body: z.output<typeof vendorServiceBodySchema>) {
      const vendorId = await vendorOf(user);
      const id = uuidv7();
      await db.transaction(async (tx) => {
        const category = await categoryOf(tx, body.categorySlug);
        await lockVendorTime(tx, vendorId);
        await repo.insertService(tx, {
          id,
          vendorId,
          categoryId: category.id,
          title: body.title,
          description: body.description,
          price: body.price.amount,
          currency: body.price.currency,
          durationMinutes: body.durationMinutes,
          active: body.active,
          createdAt: clock.now(),
        });
        await syncVendorListing(tx, vendorId);
      });
      catalogueCache.purge({ search: true });
      return ownService(vendorId, id);
    },

    /**
     * `PATCH /v1/vendor/services/{id}`: changes any of the create fields. Under the vendor's
     * time lock, so a booking never sees half a change (its duration, its `active`).
     * @throws AppError 403 `vendor_only`, 404 `service_not_found` (also for another pro's), 409
     *   `service_archived`, 422 `unknown_category`
     */
    async updateService(
      user: AuthUser,
      id: string,
      body: z.output<typeof updateVendorServiceBodySchema>,
    ): Promise<VendorService> {
      const vendorId = await vendorOf(user);
      await db.transaction(async (tx) => {
        await lockVendorTime(tx, vendorId);
        const row = await repo.serviceOfVendor(tx, vendorId, id);
        if (!row) throw msg.serviceNotFound();
        if (row.archivedAt) throw msg.serviceArchived();
        const category =
          body.categorySlug !== undefined ? await categoryOf(tx, body.categorySlug) : undefined;
        await repo.updateService(tx, id, {
          ...(category ? { categoryId: category.id } : {}),
          ...(body.title !== undefined ? { title: body.title } : {}),
          ...(body.description !== undefined ? { description: body.description } : {}),
          ...(body.price !== undefined
            ? { price: body.price.amount, currency: body.price.currency }
            : {}),
          ...(body.durationMinutes !== undefined ? { durationMinutes: body.durationMinutes } : {}),
          ...(body.active !== undefined ? { active: body.active } : {}),
        });
        await syncVendorListing(tx, vendorId);
      });
      catalogueCache.purge({ search: true });
      return ownService(vendorId, id);
    },

    /**
     * `DELETE /v1/vendor/services/{id}` (issue #8): a service without any order is deleted with
     * its images (their files through the outbox); one with orders — past or future — is
     * archived instead (`archivedAt` now, inactive): its orders keep it, customers no longer
     * find or book it. Deleting an archived service again answers `archived`.
     * @throws AppError 403 `vendor_only`, 404 `service_not_found` (also for another pro's)
     */
    async deleteService(user: AuthUser, id: string): Promise<DeleteVendorServiceResult> {
      const vendorId = await vendorOf(user);
      const outcome = await db.transaction(async (tx) => {
        // The vendor's time lock: no booking of this service can start while it goes.
        await lockVendorTime(tx, vendorId);
        const row = await repo.serviceOfVendor(tx, vendorId, id);
        if (!row) throw msg.serviceNotFound();
        if (row.archivedAt) return 'archived' as const;
        const outcome = policy.deleteOutcome(await repo.orderCountOf(tx, id));
        if (outcome === 'deleted') {
          const images = await repo.imagesOf(tx, [id]);
          await repo.deleteService(tx, id);
          await deleteUnusedImageFiles(
            tx,
            images.map((i) => i.storageKey),
            `service:${id}:deleted:images`,
          );
        } else {
          await repo.updateService(tx, id, { archivedAt: clock.now(), active: false });
        }
        await syncVendorListing(tx, vendorId);
        return outcome;
      });
      catalogueCache.purge({ search: true });
      return { id, outcome };
    },

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
    async addImage(user: AuthUser, id: string, upload: ImageUpload): Promise<VendorService> {
      const vendorId = await vendorOf(user);
      const before = await ownService(vendorId, id);
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
      return ownService(vendorId, id);
    },

    /**
     * `PATCH /v1/vendor/services/{id}/images/{imageId}`: sets the image's alt text.
     * @throws AppError 403 `vendor_only`, 404 `service_not_found` / `image_not_found`, 409
     *   `service_archived`
     */
    async updateImage(
      user: AuthUser,
      id: string,
      imageId: string,
      body: UpdateServiceImageBody,
    ): Promise<VendorService> {
      const vendorId = await vendorOf(user);
      await db.transaction(async (tx) => {
        await lockEditable(tx, vendorId, id);
        if (!(await repo.imageOfService(tx, id, imageId))) throw msg.imageNotFound();
        await repo.setImageAlt(tx, imageId, body.alt);
      });
      catalogueCache.purge();
      return ownService(vendorId, id);
    },

    /**
     * `DELETE /v1/vendor/services/{id}/images/{imageId}`: removes the image; its files are
     * deleted through the outbox once that committed (unless another image still uses them).
     * @throws AppError 403 `vendor_only`, 404 `service_not_found` / `image_not_found`, 409
     *   `service_archived`
     */
    async deleteImage(user: AuthUser, id: string, imageId: string): Promise<VendorService> {
      const vendorId = await vendorOf(user);
      await db.transaction(async (tx) => {
        await lockEditable(tx, vendorId, id);
        const image = await repo.imageOfService(tx, id, imageId);
        if (!image) throw msg.imageNotFound();
        await repo.deleteImage(tx, imageId);
        await deleteUnusedImageFiles(tx, [image.storageKey], `service-image:${imageId}:deleted`);
      });
      catalogueCache.purge();
      return ownService(vendorId, id);
    },

    /**
     * `PUT /v1/vendor/services/{id}/images/order`: puts the gallery in the order of `imageIds`,
     * which must name every image of the service exactly once; the first becomes the cover.
     * @throws AppError 403 `vendor_only`, 404 `service_not_found`, 409 `service_archived`, 400
     *   `invalid_image_order`
     */
    async reorderImages(
      user: AuthUser,
      id: string,
      body: ReorderServiceImagesBody,
    ): Promise<VendorService> {
      const vendorId = await vendorOf(user);
      await db.transaction(async (tx) => {
        await lockEditable(tx, vendorId, id);
        const current = (await repo.imagesOf(tx, [id])).map((i) => i.id);
        const problem = policy.reorderProblem(current, body.imageIds);
        if (problem) throw msg.invalidReorder(problem);
        await repo.setImageOrder(tx, body.imageIds);
      });
      catalogueCache.purge();
      return ownService(vendorId, id);
    },

    /**
     * `GET /v1/vendor/availability`: the pro's zone, weekly ranges (by weekday, then start),
     * dated exceptions (by date) and booking rules.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    async getAvailability(user: AuthUser): Promise<Availability> {
      return availabilityOf(await vendorOf(user));
    },

    /**
     * `PUT /v1/vendor/availability`: replaces the weekly ranges, exceptions, zone and booking
     * rules in one transaction under the vendor's time lock; slots follow at once. The zone is
     * stored under its canonical IANA name. Bookings already made are kept.
     * @throws AppError 403 `vendor_only`, 400 `invalid_availability` (a zone that is not IANA,
     *   overlapping ranges of a weekday or an exception — naming it — or a date given twice)
     */
    async updateAvailability(user: AuthUser, body: Availability): Promise<Availability> {
      const vendorId = await vendorOf(user);
      const problem = policy.availabilityProblem(body);
      if (problem) throw msg.invalidAvailability(problem);
      const timeZone = policy.canonicalTimeZone(body.timeZone)!;
      await db.transaction(async (tx) => {
        await lockVendorTime(tx, vendorId);
        await repo.replaceAvailability(tx, vendorId, {
          settings: {
            timeZone,
            minNoticeMinutes: body.minNoticeMinutes,
            bufferMinutes: body.bufferMinutes,
            horizonDays: body.horizonDays,
          },
          weekly: body.weekly.map((r) => ({
            id: uuidv7(),
            weekday: r.weekday,
            startMinute: minutesOfTime(r.start),
            endMinute: minutesOfTime(r.end),
          })),
          exceptions: body.exceptions.map((e) => ({
            id: uuidv7(),
            date: e.date,
            ranges:
              'ranges' in e
                ? e.ranges
                    .map((r) => ({ start: r.start, end: r.end }))
                    .sort((a, b) => minutesOfTime(a.start) - minutesOfTime(b.start))
                : [],
          })),
        });
        // Search filters by opening weekday; the text itself is unchanged but kept in step.
        await refreshVendorSearch(tx, [vendorId]);
      });
      catalogueCache.purge({ search: true });
      return availabilityOf(vendorId);
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
