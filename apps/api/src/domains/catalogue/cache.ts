import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../platform/types';

/**
 * Event-bus channel of catalogue purges (ARCHITECTURE §6: Redis pub/sub for cache invalidation):
 * payload {@link CataloguePurgeEvent}.
 */
export const CATALOGUE_PURGE_CHANNEL = 'catalogue:purge';

/** What a purge published on {@link CATALOGUE_PURGE_CHANNEL} says. */
export interface CataloguePurgeEvent {
  /** The {@link CatalogueCache.id} of the instance that purged (it has already dropped its copy). */
  origin: string;
  /** Whether search text changed too, so search vocabularies are stale. */
  search: boolean;
}

/**
 * The generations of one app's catalogue caches (its routes' ready answers, the catalogue
 * service's slot grids and currencies, its search vocabulary) and how writers make them stale,
 * on this instance and on every other one.
 */
export interface CatalogueCache {
  /** This app's id on the bus (a random UUID), so it skips its own purges coming back. */
  readonly id: string;
  /** Bumped by each purge: catalogue answers cached under an older one are stale. */
  readonly generation: number;
  /** Bumped by each purge with `search`: search vocabularies read under an older one are stale. */
  readonly searchGeneration: number;
  /**
   * Drops this app's cached catalogue answers at once (so its writer reads its own write) and
   * publishes the purge, so every other instance drops its copy as soon as the bus delivers it
   * (Redis when `REDIS_URL` is set; under a second in practice). Call it AFTER the transaction
   * of a write that changes what customers see — services, images, availability, a vendor's
   * profile or vetting status — commits: a read between purge and commit would cache the old
   * answer again. `search: true` when the write changed what search reads (it called
   * `refreshVendorSearch`): search vocabularies are then re-read too. A failed publish is logged,
   * not thrown (the write has committed; other instances catch up within
   * `CATALOGUE_CACHE_TTL_MS`).
   */
  purge(opts?: { search?: boolean }): void;
  /** Resolves once this app hears other instances' purges (the bus subscription is live). */
  readonly ready: Promise<void>;
  /** Stops listening to other instances' purges. */
  close(): void;
}

/** Creates an app's {@link CatalogueCache}, listening on `events` for other instances' purges. */
export function createCatalogueCache({
  events,
  log,
}: {
  events: EventBus;
  log: FastifyBaseLogger;
}): CatalogueCache {
  const id = randomUUID();
  let generation = 0;
  let searchGeneration = 0;
  const drop = (search: boolean) => {
    generation++;
    if (search) searchGeneration++;
  };
  const unsubscribe = events.subscribe<Partial<CataloguePurgeEvent>>(
    CATALOGUE_PURGE_CHANNEL,
    (event) => {
      if (event?.origin === id) return;
      drop(event?.search === true);
    },
  );
  return {
    id,
    get generation() {
      return generation;
    },
    get searchGeneration() {
      return searchGeneration;
    },
    purge({ search = false } = {}) {
      drop(search);
      const event: CataloguePurgeEvent = { origin: id, search };
      events
        .publish(CATALOGUE_PURGE_CHANNEL, event)
        .catch((err: unknown) => log.warn({ err }, 'catalogue purge not published'));
    },
    ready: unsubscribe.ready,
    close: () => unsubscribe(),
  };
}
