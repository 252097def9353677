/**
 * Use cases of the catalogue domain (ARCHITECTURE §1a): the public reads of categories, approved
 * vendors, their services, galleries and bookable slots — plus the functions other domains use
 * to book (orders) and to re-check a slot at payment (payments). Read-only: no transactions,
 * no side effects.
 */
import type {
  Category,
  GalleryImage,
  Paged,
  Service,
  ServiceDetail,
  Slots,
  VendorDetail,
  VendorSummary,
} from '@vetted/contract';
import { LRUCache } from 'lru-cache';
import type { DbOrTx } from '../../db/client';
import { mediaUrl, thumbUrl } from '../../services/images';
import type { ServiceDeps } from '../deps';
import * as msg from './messages';
import {
  addDays,
  daySlots,
  type Interval,
  isSlotAvailable,
  isSlotWindowStart,
  localDateOf,
} from './policy';
import * as repo from './repository';

export { HOLD_MS, LEAD_TIME_MS } from './policy';
export type { BookableService, VendorListOptions } from './repository';

/** The catalogue needs the database, the time (slots) and `config.catalogueCacheTtlMs`. */
export type CatalogueDeps = Pick<ServiceDeps, 'db' | 'clock' | 'config'>;

function toSummary(row: repo.VendorSummaryRow): VendorSummary {
  return {
    id: row.id,
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
  const cover = row.firstImageKey ?? row.vendorCoverKey;
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

/** What slot computations need of a service. */
export interface SlotService {
  vendorId: string;
  durationMinutes: number;
  timeZone: string;
}

/**
 * Intervals of the vendor's time in `range` taken at `now` by live orders and unexpired unpaid
 * holds, leaving out `excludeOrderId` (the order being paid).
 */
export function blockingOrders(
  db: DbOrTx,
  vendorId: string,
  range: Interval,
  now: Date,
  excludeOrderId?: string,
): Promise<Interval[]> {
  return repo.blockingOrders(db, vendorId, range, now, excludeOrderId);
}

/** The grid slot starting exactly at `startsAt`, or null if that instant is not on the grid. */
export async function findGridSlot(
  db: DbOrTx,
  service: SlotService,
  startsAt: Date,
): Promise<Interval | null> {
  const rules = await repo.vendorRules(db, service.vendorId);
  const date = localDateOf(startsAt, service.timeZone);
  const slot = daySlots(date, rules, service.durationMinutes, service.timeZone).find(
    (s) => s.startsAt.getTime() === startsAt.getTime(),
  );
  return slot ?? null;
}

/**
 * `days` local days of slots from `from` (default: today in the vendor's zone at `now`), each
 * marked available or not at `now` (lead time, blocking orders).
 */
export async function computeSlots(
  db: DbOrTx,
  service: SlotService,
  opts: { from?: string; days: number; now: Date },
): Promise<Slots> {
  const { now } = opts;
  const from = opts.from ?? localDateOf(now, service.timeZone);
  const rules = await repo.vendorRules(db, service.vendorId);
  const days = Array.from({ length: opts.days }, (_, i) => {
    const date = addDays(from, i);
    return { date, slots: daySlots(date, rules, service.durationMinutes, service.timeZone) };
  });
  const all = days.flatMap((d) => d.slots);
  const first = all[0];
  const last = all[all.length - 1];
  const blocking =
    first && last
      ? await repo.blockingOrders(
          db,
          service.vendorId,
          { startsAt: first.startsAt, endsAt: last.endsAt },
          now,
        )
      : [];
  return {
    timeZone: service.timeZone,
    days: days.map((d) => ({
      date: d.date,
      slots: d.slots.map((s) => ({
        startsAt: s.startsAt.toISOString(),
        endsAt: s.endsAt.toISOString(),
        available: isSlotAvailable(s, blocking, now),
      })),
    })),
  };
}

// ─── the public catalogue ────────────────────────────────────────────────────────────────────

/**
 * The catalogue's public reads. The two hottest — the category list and vendor lists — are the
 * same for every visitor and change rarely, so they are served from a short in-process cache
 * (`config.catalogueCacheTtlMs`, 0 = off; lru-cache) instead of re-aggregated per request. Each
 * API instance keeps its own; staleness is bounded by the TTL.
 */
export function createCatalogueService({ db, clock, config }: CatalogueDeps) {
  const ttl = config.catalogueCacheTtlMs;
  const cache =
    ttl > 0 ? new LRUCache<string, object>({ max: 1000, ttl, ttlAutopurge: false }) : null;
  async function cached<T extends object>(key: string, load: () => Promise<T>): Promise<T> {
    if (!cache) return load();
    const hit = cache.get(key);
    if (hit) return hit as T;
    const value = await load();
    cache.set(key, value);
    return value;
  }

  return {
    /** Every category with its count of approved vendors (cached). */
    listCategories(): Promise<Category[]> {
      return cached('categories', async () =>
        (await repo.listCategories(db)).map((r) => ({ ...r, vendorCount: Number(r.vendorCount) })),
      );
    },

    /** A page of approved vendors, filtered and sorted (cached per query). */
    listVendors(query: repo.VendorListOptions): Promise<Paged<VendorSummary>> {
      return cached(`vendors:${JSON.stringify(query)}`, async () => {
        const { rows, total } = await repo.listVendors(db, query);
        return {
          items: rows.map(toSummary),
          page: query.page,
          pageSize: query.pageSize,
          total,
          totalPages: Math.ceil(total / query.pageSize),
        };
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
      const service = await requireBookableService(db, id);
      const now = clock.now();
      if (query.from && !isSlotWindowStart(query.from, now)) throw msg.slotDateOutOfRange();
      return computeSlots(db, service, { from: query.from, days: query.days, now });
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
