/**
 * Output mapping of the catalogue domain: its rows as the contract shapes them.
 */
import { type Service, toResponseTime, type VendorSummary } from '@vetted/contract';
import { thumbUrl } from '../../services/images';
import type { ServiceRow } from './repository';
import type { VendorSummaryRow } from './vendor-sql';

/** A vendor summary row as the contract shapes it (`VendorSummary`). */
export function toSummary(row: VendorSummaryRow): VendorSummary {
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
    responseTime: toResponseTime({
      medianMinutes: row.responseMinutesMedian,
      within4hBps: row.responseWithin4hBps,
      sampleSize: Number(row.responseSampleSize),
    }),
  };
}

/** A service row as the contract shapes it (`Service`). */
export function toService(row: ServiceRow): Service {
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
