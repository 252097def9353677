/**
 * What a change to a vendor's services or primary category must keep in step (listings domain),
 * in the caller's transaction.
 */
import type { DbOrTx } from '../../db/client';
import { refreshVendorSearch } from '../search';
import { syncVendorCategories } from '../vendors';

/**
 * Keeps what customers find of a vendor in step with its services, in the caller's
 * transaction: the categories it is listed in (`vendor_categories`: its primary category and those
 * of its active services) and what search reads of it (catalogue `refreshVendorSearch`). Call it
 * after any change to a vendor's services or primary category; purge the catalogue cache
 * (`CatalogueCache.purge({ search: true })`) once the transaction commits.
 */
export async function syncVendorListing(tx: DbOrTx, vendorId: string): Promise<void> {
  await syncVendorCategories(tx, vendorId);
  await refreshVendorSearch(tx, [vendorId]);
}
