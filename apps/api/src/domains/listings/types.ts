/** What the listings domain's use cases take: their dependencies and an image upload. */
import type { Storage } from '../../services/storage';
import type { CatalogueCache } from '../catalogue';
import type { ServiceDeps } from '../deps';

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
