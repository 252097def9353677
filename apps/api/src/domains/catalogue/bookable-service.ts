/**
 * What booking (orders, waitlist) reads of a service through the catalogue: an active service of
 * an approved vendor, or a 404.
 */
import type { DbOrTx } from '../../db/client';
import * as msg from './messages';
import * as repo from './repository';

/**
 * An active service of an approved vendor, with what booking needs.
 * @throws AppError 404 `service_not_found` otherwise
 */
export async function requireBookableService(
  db: DbOrTx,
  id: string,
): Promise<repo.BookableService> {
  const service = await repo.findBookableService(db, id);
  if (!service) throw msg.serviceNotFound();
  return service;
}
