/**
 * Use cases of the catalogue domain (ARCHITECTURE §1a): the public reads of categories, approved
 * vendors, their services, galleries and bookable slots — plus the functions other domains use
 * to book (orders) and to re-check a slot at payment (payments). Read-only: no transactions,
 * no side effects.
 */
import type {
  Category,
  GalleryImage,
  SearchSuggestions,
  Service,
  ServiceDetail,
  Slots,
  VendorDetail,
  VendorListParams,
  VendorSearchPage,
  VendorSummary,
} from '@vetted/contract';
import { distance } from 'fastest-levenshtein';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client';
import { mediaUrl, thumbUrl } from '../../services/images';
import type { ServiceDeps } from '../deps';
import * as msg from './messages';
import {
  AREA_RADIUS_KM,
  areaDefaults,
  effectiveSort,
  type Interval,
  isSlotWindowStart,
  type Lexicon,
  planTextSearch,
  quoteLexeme,
  searchWords,
  weekdayOfDate,
  wordVariants,
  type SlotInstant,
  localDateOf,
  slotDays,
  slotHorizon,
  type SlotRefusal,
  slotVerdict,
} from './policy';
import type { CatalogueCache } from './cache';
import { resolveSearchPlace, withoutPlaceWords } from './search-place';
import type { Geocoder } from '../places/geocoder';
import * as repo from './repository';

export { HOLD_MS, LEAD_TIME_MS, localDateOf } from './policy';
export type { BookableService, VendorSearch } from './repository';

/**
 * How long a process keeps the search vocabulary ({@link repo.searchLexicon}) before reading it
 * again (ms, 5 min): reading it costs ~0.5 s at 100,000 vendors, and it only serves spelling
 * corrections (a stale one misses corrections towards words added since). A purge with
 * `search` (cache.ts `CatalogueCache`, after a write that called {@link refreshVendorSearch})
 * makes it stale at once, on every instance.
 */
export const LEXICON_TTL_MS = 5 * 60_000;
/**
 * A stale vocabulary that took less than this to read (ms; a small catalogue) is read again
 * before answering; a bigger one is read in the background while the old one answers.
 */
const LEXICON_INLINE_RELOAD_MS = 50;
/** Suggestions of each kind in a type-ahead answer. */
const SUGGESTIONS_PER_KIND = 4;
/** Categories suggested when a search finds nothing. */
const SUGGESTED_CATEGORIES = 6;

export { type CatalogueCache, createCatalogueCache } from './cache';

/**
 * Recomputes what search reads of the given vendors besides their own fields — search text,
 * service currencies, other categories (see {@link repo.refreshSearchColumns}). Other domains
 * call it in the transaction of any write to a vendor's name, tagline, city, categories or
 * services, then `CatalogueCache.purge({ search: true })` once it commits, which makes
 * search vocabularies stale on every instance.
 */
export async function refreshVendorSearch(db: DbOrTx, vendorIds: readonly string[]): Promise<void> {
  await repo.refreshSearchColumns(db, vendorIds);
}

/**
 * The catalogue needs the database, the time (slots), `config.catalogueCacheTtlMs`, and its
 * app's {@link CatalogueCache} (whose purges empty its caches).
 */
export type CatalogueDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config'> & {
  cache: CatalogueCache;
  /** Resolves cities named in a query ("plumber in Boston", search-place.ts). */
  geocoder: Geocoder;
};

/** A vendor summary row as the contract shapes it (`VendorSummary`). */
export function toSummary(row: repo.VendorSummaryRow): VendorSummary {
  return {
    id: row.id,
    slug: row.slug ?? '',
    businessName: row.businessName,
    tagline: row.tagline,
    primaryCategory: { slug: row.categorySlug ?? 'other', name: row.categoryName ?? 'Other' },
    city: row.city,
    country: row.country,
    lat: Number(row.lat),
    lng: Number(row.lng),
    distanceKm: row.distanceKm === null ? null : Math.round(Number(row.distanceKm) * 10) / 10,
    ratingAverage: Number(row.ratingAverage),
    ratingCount: Number(row.ratingCount),
    startingPrice:
      row.minPrice === null || row.minPriceCurrency === null
        ? null
        : { amount: Number(row.minPrice), currency: row.minPriceCurrency },
    coverImageUrl: row.coverKey ? thumbUrl(row.coverKey) : null,
  };
}

function toService(row: repo.ServiceRow): Service {
  // The service's own first image (lowest sort) only: never the vendor's or another service's.
  const cover = row.firstImageKey;
  return {
    id: row.id,
    vendorId: row.vendorId,
    category: { slug: row.categorySlug, name: row.categoryName },
    title: row.title,
    description: row.description,
    price: { amount: row.price, currency: row.currency },
    durationMinutes: row.durationMinutes,
    coverImageUrl: cover ? thumbUrl(cover) : null,
    imageCount: Number(row.imageCount),
  };
}

// ─── for other domains ───────────────────────────────────────────────────────────────────────

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

/**
 * Intervals of the vendor's time in `range` taken at `now` by live orders, unexpired unpaid
 * holds and slots held for a waitlisted customer (issue #9), leaving out `excludeOrderId` (the
 * order being paid or moved) and the offers held for `exceptOfferOf` (a customer booking what is
 * held for them).
 */
export function blockingOrders(
  db: DbOrTx,
  vendorId: string,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
  exceptOfferOf?: string,
): Promise<Interval[]> {
  return repo.blockingOrders(db, vendorId, range, now, excludeOrderId, exceptOfferOf);
}

/**
 * Serialises changes to the vendor's time until the transaction ends (a row lock on its profile;
 * lock order vendor → order → payment → waitlist entry). Bookings, moves and waitlist offers
 * (issue #9) take it before checking a slot is free.
 */
export function lockVendorTime(tx: DbOrTx, vendorId: string): Promise<void> {
  return repo.lockVendor(tx, vendorId);
}

/**
 * The slots of one vendor-local `date` (YYYY-MM-DD) of an active service of an approved vendor,
 * each marked available or not at `now` (minimum notice, orders and their buffer, held waitlist
 * offers; issue #8: the vendor's exceptions and horizon shape the grid), with the
 * vendor's zone; null when the service is not bookable. Read fresh (no cache): the waitlist uses
 * it inside its transactions (issue #9).
 */
export async function slotsOn(
  db: DbOrTx,
  serviceId: string,
  date: string,
  now: Date,
): Promise<{ vendorId: string; timeZone: string; slots: SlotInstant[] } | null> {
  const source = await repo.slotSource(db, serviceId, slotHorizon(date, 1, now), now);
  if (!source) return null;
  const [day] = slotDays(source, { from: date, days: 1, now });
  return { vendorId: source.vendorId, timeZone: source.timeZone, slots: day?.slots ?? [] };
}

/** Why a requested slot cannot be booked: {@link SlotRefusal}, or the service is not bookable. */
export type SlotCheckRefusal = SlotRefusal | 'not_bookable';

/**
 * Whether `startsAt` of a service can be booked at `now`, by the slot picker's own rules
 * (policy.ts `slotVerdict`, issue #8: the vendor's weekly hours and exceptions in its zone, its
 * horizon and minimum notice, and the orders and held offers around it with its buffer), read in
 * one query. Orders book and move with it, inside the transaction that holds the vendor's time
 * lock ({@link lockVendorTime}). `excludeOrderId`: the order being moved; `exceptOfferOf`: the
 * customer booking (a slot the waitlist holds for them is theirs). `horizonDays` comes with a
 * `beyond_horizon` refusal, for the message.
 */
export async function checkSlot(
  db: DbOrTx,
  serviceId: string,
  startsAt: Date,
  now: Date,
  opts: { excludeOrderId?: string; exceptOfferOf?: string } = {},
): Promise<
  { ok: true; slot: Interval } | { ok: false; reason: SlotCheckRefusal; horizonDays: number }
> {
  const range = slotHorizon(localDateOf(startsAt, 'UTC'), 1, startsAt);
  const source = await repo.slotSource(db, serviceId, range, now, opts);
  if (!source) return { ok: false, reason: 'not_bookable', horizonDays: 0 };
  const verdict = slotVerdict(source, startsAt, now);
  return verdict.ok ? verdict : { ...verdict, horizonDays: source.horizonDays };
}

// ─── the public catalogue ────────────────────────────────────────────────────────────────────

/**
 * The catalogue's public reads. The routes keep the serialised answers of the public reads in
 * process (`CATALOGUE_CACHE_TTL_MS`, routes.ts); slots are read fresh on every request, but what
 * their grid depends on — a service's vendor, duration and zone, and the vendor's opening hours
 * — is kept as long as the catalogue's answers (`config.catalogueCacheTtlMs`, 0 = off), so a
 * request runs one query: the orders over its horizon. Booking re-reads all of it (orders).
 */
export function createCatalogueService({ db, clock, config, cache, geocoder }: CatalogueDeps) {
  const ttl = config.catalogueCacheTtlMs;
  const grids =
    ttl > 0 ? new LRUCache<string, Omit<repo.SlotSource, 'blocking'>>({ max: 10_000, ttl }) : null;
  /** The {@link CatalogueCache} generation these caches hold answers of. */
  let generation = cache.generation;
  /** Empties the caches of this service after a purge (here or on another instance). */
  function freshCaches(): void {
    if (generation === cache.generation) return;
    generation = cache.generation;
    grids?.clear();
    currencies?.clear();
  }

  // ─── search helpers (issue #9) ───
  /** English stems never change: kept for any number of searches (10,000 words). */
  const stems = new LRUCache<string, { stem: string | null }>({ max: 10_000 });
  /** Local currency by place (rounded to ~1 km), as long as the catalogue's answers. */
  const currencies =
    ttl > 0 ? new LRUCache<string, { currency: string | null }>({ max: 10_000, ttl }) : null;
  let lexicon: { map: Lexicon; readAt: number; generation: number; tookMs: number } | null = null;
  let lexiconLoad: Promise<Lexicon> | null = null;

  /** The stems of `words` (null: a stop word), from the cache or one query. */
  async function stemsOf(words: readonly string[]): Promise<Map<string, string | null>> {
    const out = new Map<string, string | null>();
    const missing = words.filter((w) => {
      const hit = stems.get(w);
      if (hit) out.set(w, hit.stem);
      return !hit;
    });
    for (const [word, stem] of await repo.englishStems(db, missing)) {
      stems.set(word, { stem });
      out.set(word, stem);
    }
    return out;
  }

  /** Reads the vocabulary (one read at a time). */
  function loadLexicon(): Promise<Lexicon> {
    lexiconLoad ??= (async () => {
      const generation = cache.searchGeneration;
      const started = performance.now();
      const entries = await repo.searchLexicon(db);
      const map = new Map(entries.map((e) => [e.lexeme, e.vendors]));
      lexicon = {
        map,
        readAt: clock.now().getTime(),
        generation,
        tookMs: performance.now() - started,
      };
      return map;
    })().finally(() => {
      lexiconLoad = null;
    });
    return lexiconLoad;
  }

  /** The search vocabulary: see {@link LEXICON_TTL_MS}, {@link LEXICON_INLINE_RELOAD_MS}. */
  async function vocabulary(): Promise<Lexicon> {
    if (!lexicon) return loadLexicon();
    const stale =
      lexicon.generation !== cache.searchGeneration ||
      clock.now().getTime() - lexicon.readAt >= LEXICON_TTL_MS;
    if (!stale) return lexicon.map;
    if (lexicon.tookMs < LEXICON_INLINE_RELOAD_MS) return loadLexicon();
    loadLexicon().catch(() => {
      // Kept the old vocabulary; the next search tries again.
    });
    return lexicon.map;
  }

  /** The text part of a search (policy.ts `planTextSearch`). */
  async function planText(q: string) {
    const words = searchWords(q);
    const [wordStems, vocab] = await Promise.all([stemsOf(words), vocabulary()]);
    return planTextSearch(q, wordStems, vocab, distance);
  }

  /** The local currency at `point` (see {@link repo.nearestCurrency}). */
  async function nearestCurrency(point: { lat: number; lng: number }): Promise<string | null> {
    freshCaches();
    const key = `${point.lat.toFixed(2)},${point.lng.toFixed(2)}`;
    const hit = currencies?.get(key);
    if (hit) return hit.currency;
    const currency = await repo.nearestCurrency(db, point);
    currencies?.set(key, { currency });
    return currency;
  }

  return {
    /** Every category with its count of approved vendors. */
    async listCategories(): Promise<Category[]> {
      return (await repo.listCategories(db)).map((r) => ({
        ...r,
        vendorCount: Number(r.vendorCount),
      }));
    },

    /**
     * A page of approved vendors for `GET /v1/vendors` (issue #9): `q` through the vocabulary
     * (stems, relatives, corrections: policy.ts `planTextSearch`), the filters, the area
     * defaults of a customer with a place (`areaDefaults`), the order; what was applied, and
     * categories in reach when nothing matched. Place words in `q` (search-place.ts) centre
     * the search: "near me" on `userId`'s default saved place (else the sent lat/lng), a named
     * city on that city; the rest of `q` is the text searched.
     */
    async listVendors(
      query: VendorListParams,
      userId: string | null = null,
    ): Promise<VendorSearchPage> {
      const sent =
        query.lat !== undefined && query.lng !== undefined
          ? { lat: query.lat, lng: query.lng }
          : undefined;
      const where = !query.q
        ? null
        : query.placeWords === 'auto'
          ? await resolveSearchPlace({ db, geocoder }, query.q, sent, userId)
          : withoutPlaceWords(query.q);
      const q = where?.text || undefined;
      const point = where?.place ? { lat: where.place.lat, lng: where.place.lng } : sent;
      const sort = effectiveSort(query.sort, point !== undefined);
      const hasPriceFilter = query.minPrice !== undefined || query.maxPrice !== undefined;
      const defaults = areaDefaults({
        hasPlace: point !== undefined,
        area: query.area,
        sort,
        radiusKm: query.radiusKm,
        currency: query.currency,
        hasPriceFilter,
      });
      // A category alone is read from indexes (its few vendors beyond the primary ones first);
      // with text or a radius, the few hundred candidates are checked one by one instead.
      const narrowed = Boolean(q) || defaults.radiusKm !== undefined;
      const [text, localCurrency, category] = await Promise.all([
        q ? planText(q) : undefined,
        point && defaults.localCurrency ? nearestCurrency(point) : undefined,
        query.category
          ? narrowed
            ? { slug: query.category }
            : repo.categoryForSearch(db, query.category)
          : undefined,
      ]);
      const currency = query.currency ?? localCurrency ?? undefined;
      const search: repo.VendorSearch = {
        page: query.page,
        pageSize: query.pageSize,
        category: category ?? undefined,
        text,
        point,
        radiusKm: defaults.radiusKm,
        currency,
        minPrice: currency ? query.minPrice : undefined,
        maxPrice: currency ? query.maxPrice : undefined,
        minRating: query.minRating,
        weekday: query.date ? weekdayOfDate(query.date) : undefined,
        sort,
      };
      // An unknown category matches nothing.
      const { rows, total } =
        category === null ? { rows: [], total: 0 } : await repo.searchVendors(db, search);
      const suggestedCategories =
        total === 0
          ? await repo.categoriesInReach(
              db,
              { point, radiusKm: defaults.radiusKm },
              SUGGESTED_CATEGORIES,
            )
          : [];
      return {
        items: rows.map(toSummary),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
        applied: {
          sort,
          radiusKm: defaults.radiusKm ?? null,
          currency: currency ?? null,
          areaDefaults:
            (query.radiusKm === undefined && defaults.radiusKm !== undefined) ||
            (query.currency === undefined && localCurrency != null),
          ignoredWords: text?.ignoredWords ?? [],
          text: q ?? null,
          place: where?.place ?? null,
          placeNeeded: where?.placeNeeded ?? false,
        },
        suggestedCategories,
      };
    },

    /**
     * Type-ahead for `q` (issue #9): categories, services and vendors, a few each. The last word
     * is a prefix being typed; each word also matches its spelling corrections (the vocabulary),
     * so "plumbr" suggests plumbing. Within the area of `lat`/`lng` when given.
     */
    async suggest(query: { q: string; lat?: number; lng?: number }): Promise<SearchSuggestions> {
      const sent =
        query.lat !== undefined && query.lng !== undefined
          ? { lat: query.lat, lng: query.lng }
          : undefined;
      // Place words are not what is looked for: "hair stylist near me" suggests hair styling,
      // not whatever "near" and "me" nearly spell; a named city also sets the area. "near me"
      // needs no account here: the sent lat/lng are the area (this answer is shared, cached).
      const where = await resolveSearchPlace({ db, geocoder }, query.q, sent, null);
      // Only a city ("boston"): pros named after it are still worth suggesting.
      const typed = where.text.trim() || (where.place?.source === 'query' ? query.q : '');
      if (!typed) return { categories: [], services: [], vendors: [] };
      const words = searchWords(typed);
      const [stems, lexicon] = await Promise.all([stemsOf(words), vocabulary()]);
      const groups = words.map((word) => {
        const stem = stems.get(word);
        const variants = stem ? wordVariants(word, stem, lexicon, distance).lexemes : [];
        // Lexemes are stems ("plumb"): as prefixes they reach every form of the word.
        return [...new Set([word, ...variants])].map((w) => `${quoteLexeme(w)}:*`);
      });
      const prefixQuery =
        groups.length > 0 ? groups.map((g) => `(${g.join(' | ')})`).join(' & ') : null;
      const point = where.place ? { lat: where.place.lat, lng: where.place.lng } : sent;
      return repo.suggest(db, {
        q: typed,
        prefixQuery,
        point,
        radiusKm: AREA_RADIUS_KM,
        limit: SUGGESTIONS_PER_KIND,
      });
    },

    /**
     * One approved vendor.
     * @throws AppError 404 `vendor_not_found` for unknown and not (or no longer) approved vendors
     */
    async getVendor(id: string): Promise<VendorDetail> {
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
    },

    /**
     * A vendor's active services, cheapest first.
     * @throws AppError 404 `vendor_not_found` when the vendor is not an approved one
     */
    async listVendorServices(vendorId: string): Promise<Service[]> {
      if (!(await repo.isApprovedVendor(db, vendorId))) throw msg.vendorNotFound();
      return (await repo.activeServicesOf(db, vendorId)).map(toService);
    },

    /**
     * One active service of an approved vendor, with the vendor's summary.
     * @throws AppError 404 `service_not_found`
     */
    async getService(id: string): Promise<ServiceDetail> {
      const row = await repo.bookableServiceRow(db, id);
      const vendor = row ? await repo.vendorSummaryById(db, row.vendorId) : null;
      if (!row || !vendor) throw msg.serviceNotFound();
      return { ...toService(row), vendor: toSummary(vendor) };
    },

    /**
     * A bookable service's gallery in display order.
     * @throws AppError 404 `service_not_found`
     */
    async getServiceGallery(id: string): Promise<GalleryImage[]> {
      await requireBookableService(db, id);
      return (await repo.serviceImagesOf(db, id)).map((r) => ({
        id: r.id,
        url: mediaUrl(r.storageKey),
        thumbUrl: thumbUrl(r.storageKey),
        width: r.width,
        height: r.height,
        alt: r.alt,
      }));
    },

    /**
     * `days` days of a bookable service's slots from `from`, availability as of `clock.now()`.
     * @throws AppError 404 `service_not_found`; 400 `invalid_date` for a `from` outside the window
     */
    async getServiceSlots(id: string, query: { from?: string; days: number }): Promise<Slots> {
      const now = clock.now();
      const horizon = slotHorizon(query.from, query.days, now);
      // One query per request: the orders over the whole horizon, with — unless cached — the
      // service, its vendor's zone, opening hours, exceptions and booking rules.
      freshCaches();
      const grid = grids?.get(id);
      let source: repo.SlotSource | null;
      if (grid) {
        source = { ...grid, blocking: await repo.blockingOrders(db, grid.vendorId, horizon, now) };
      } else {
        source = await repo.slotSource(db, id, horizon, now);
        if (source && grids) {
          const { blocking: _orders, ...kept } = source;
          grids.set(id, kept);
        }
      }
      if (!source) throw msg.serviceNotFound();
      if (query.from && !isSlotWindowStart(query.from, now)) throw msg.slotDateOutOfRange();
      return {
        timeZone: source.timeZone,
        days: slotDays(source, { from: query.from, days: query.days, now }).map((d) => ({
          date: d.date,
          slots: d.slots.map((s) => ({
            startsAt: s.startsAt.toISOString(),
            endsAt: s.endsAt.toISOString(),
            available: s.available,
          })),
        })),
      };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
