/**
 * Use cases of the search domain (ARCHITECTURE §1a): the vendor search of `GET /v1/vendors` and
 * type-ahead (use-cases/), with the caches they share — the vocabulary (vocabulary.ts) and the
 * local currency by place — and what other domains call when they change what search reads.
 */
import type { VendorListParams } from '@vetted/contract';
import { distance } from 'fastest-levenshtein';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client';
import type { CatalogueCache } from '../catalogue';
import type { ServiceDeps } from '../deps';
import type { Geocoder } from '../places';
import { refreshSearchColumns } from '../vendors';
import { planTextSearch, searchWords } from './policy';
import * as repo from './repository';
import { listVendors } from './use-cases/list-vendors';
import { suggest } from './use-cases/suggest';
import { createVocabulary } from './vocabulary';

export { LEXICON_TTL_MS } from './vocabulary';

/**
 * Recomputes what search reads of the given vendors besides their own fields — search text,
 * service currencies, other categories (vendors' `refreshSearchColumns`). Other domains
 * call it in the transaction of any write to a vendor's name, tagline, city, categories or
 * services, then `CatalogueCache.purge({ search: true })` once it commits, which makes
 * search vocabularies stale on every instance.
 */
export async function refreshVendorSearch(db: DbOrTx, vendorIds: readonly string[]): Promise<void> {
  await refreshSearchColumns(db, vendorIds);
}

/**
 * Search needs the database, the time (the vocabulary's age), `config.catalogueCacheTtlMs`, its
 * app's {@link CatalogueCache} (whose purges empty its caches) and the city index.
 */
export type SearchDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config'> & {
  cache: CatalogueCache;
  /** Resolves cities named in a query ("plumber in Boston", search-place.ts). */
  geocoder: Geocoder;
};

/** Search's public reads: `listVendors` (use-cases/list-vendors.ts), `suggest` (use-cases/suggest.ts). */
export function createSearchService({ db, clock, config, cache, geocoder }: SearchDeps) {
  const ttl = config.catalogueCacheTtlMs;
  const vocabulary = createVocabulary({ db, clock, cache });
  /** Local currency by place (rounded to ~1 km), as long as the catalogue's answers. */
  const currencies =
    ttl > 0 ? new LRUCache<string, { currency: string | null }>({ max: 10_000, ttl }) : null;
  /** The {@link CatalogueCache} generation the currencies are of. */
  let generation = cache.generation;

  /** The text part of a search (policy.ts `planTextSearch`). */
  async function planText(q: string) {
    const words = searchWords(q);
    const [wordStems, vocab] = await Promise.all([
      vocabulary.stemsOf(words),
      vocabulary.vocabulary(),
    ]);
    return planTextSearch(q, wordStems, vocab, distance);
  }

  /** The local currency at `point` (see {@link repo.nearestCurrency}). */
  async function nearestCurrency(point: { lat: number; lng: number }): Promise<string | null> {
    if (generation !== cache.generation) {
      generation = cache.generation;
      currencies?.clear();
    }
    const key = `${point.lat.toFixed(2)},${point.lng.toFixed(2)}`;
    const hit = currencies?.get(key);
    if (hit) return hit.currency;
    const currency = await repo.nearestCurrency(db, point);
    currencies?.set(key, { currency });
    return currency;
  }

  return {
    /** A page of approved vendors for `GET /v1/vendors` (use-cases/list-vendors.ts). */
    listVendors: (query: VendorListParams, userId: string | null = null) =>
      listVendors({ db, geocoder, planText, nearestCurrency }, query, userId),
    /** Type-ahead for `q` (use-cases/suggest.ts). */
    suggest: (query: { q: string; lat?: number; lng?: number }) =>
      suggest({ db, geocoder, ...vocabulary }, query),
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
