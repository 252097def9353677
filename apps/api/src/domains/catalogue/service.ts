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
  daySlots,
  type Interval,
  isSlotWindowStart,
  localDateOf,
  slotDays,
  slotHorizon,
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

// ─── the public catalogue ────────────────────────────────────────────────────────────────────

/**
 * The catalogue's public reads. The routes keep the serialised answers of the public reads in
 * process (`CATALOGUE_CACHE_TTL_MS`, routes.ts); slots are read fresh on every request, but what
 * their grid depends on — a service's vendor, duration and zone, and the vendor's opening hours
 * — is kept as long as the catalogue's answers (`config.catalogueCacheTtlMs`, 0 = off), so a
 * request runs one query: the orders over its horizon. Booking re-reads all of it (orders).
 */
export function createCatalogueService({ db, clock, config }: CatalogueDeps) {
  const ttl = config.catalogueCacheTtlMs;
  const grids =
    ttl > 0 ? new LRUCache<string, Omit<repo.SlotSource, 'blocking'>>({ max: 10_000, ttl }) : null;
  return {
    /** Every category with its count of approved vendors. */
    async listCategories(): Promise<Category[]> {
      return (await repo.listCategories(db)).map((r) => ({
        ...r,
        vendorCount: Number(r.vendorCount),
      }));
    },

    /** A page of approved vendors, filtered and sorted. */
    async listVendors(query: repo.VendorListOptions): Promise<Paged<VendorSummary>> {
      const { rows, total } = await repo.listVendors(db, query);
      return {
        items: rows.map(toSummary),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
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
      // service, its vendor's zone and opening hours.
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
