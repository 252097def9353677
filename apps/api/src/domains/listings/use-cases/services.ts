/**
 * Use cases of a pro's services (listings domain): list, read, create, update and delete
 * (archive when orders refer to it). Every write lists the pro and refreshes its search text in
 * its transaction, then purges the catalogue's cached answers.
 */
import type {
  DeleteVendorServiceResult,
  updateVendorServiceBodySchema,
  VendorService,
  vendorServiceBodySchema,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { z } from 'zod';
import type { AuthUser } from '../../../platform/types';
import { lockVendorTime } from '../../scheduling';
import {
  categoryOf,
  deleteUnusedImageFiles,
  ownService,
  toVendorService,
  vendorOf,
} from '../access';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import { syncVendorListing } from '../sync';
import type { ListingsDeps } from '../types';

/**
 * `GET /v1/vendor/services`: the pro's services with their images and upcoming orders, live
 * ones first and archived ones last.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
 */
export async function listServices(deps: ListingsDeps, user: AuthUser): Promise<VendorService[]> {
  const { db } = deps;
  const vendorId = await vendorOf(db, user);
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
}

/**
 * `GET /v1/vendor/services/{id}`: one of the pro's services, archived ones included.
 * @throws AppError 403 `vendor_only`, 404 `service_not_found` (also for another pro's)
 */
export async function getService(
  deps: ListingsDeps,
  user: AuthUser,
  id: string,
): Promise<VendorService> {
  const { db } = deps;
  return ownService(db, await vendorOf(db, user), id);
}

/**
 * `POST /v1/vendor/services`: creates a service (price in minor units) in the category of
 * `categorySlug`; an active one lists the pro in that category and in search at once.
 * @throws AppError 403 `vendor_only`, 422 `unknown_category`
 */
export async function createService(
  deps: ListingsDeps,
  user: AuthUser,
  body: z.output<typeof vendorServiceBodySchema>,
) {
  const { db, clock, catalogueCache } = deps;
  const vendorId = await vendorOf(db, user);
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
  return ownService(db, vendorId, id);
}

/**
 * `PATCH /v1/vendor/services/{id}`: changes any of the create fields. Under the vendor's
 * time lock, so a booking never sees half a change (its duration, its `active`).
 * @throws AppError 403 `vendor_only`, 404 `service_not_found` (also for another pro's), 409
 *   `service_archived`, 422 `unknown_category`
 */
export async function updateService(
  deps: ListingsDeps,

  user: AuthUser,
  id: string,
  body: z.output<typeof updateVendorServiceBodySchema>,
): Promise<VendorService> {
  const { db, catalogueCache } = deps;
  const vendorId = await vendorOf(db, user);
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
  return ownService(db, vendorId, id);
}

/**
 * `DELETE /v1/vendor/services/{id}`: a service without any order is deleted with
 * its images (their files through the outbox); one with orders — past or future — is
 * archived instead (`archivedAt` now, inactive): its orders keep it, customers no longer
 * find or book it. Deleting an archived service again answers `archived`.
 * @throws AppError 403 `vendor_only`, 404 `service_not_found` (also for another pro's)
 */
export async function deleteService(
  deps: ListingsDeps,
  user: AuthUser,
  id: string,
): Promise<DeleteVendorServiceResult> {
  const { db, clock, catalogueCache } = deps;
  const vendorId = await vendorOf(db, user);
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
}
