/**
 * The contract shapes of requests, leads and quotes as one reader sees them: texts the other
 * side wrote are masked (masking.ts) until a paid order exists between the two.
 */
import {
  type Quote,
  type QuoteCounter,
  type QuoteLineItem,
  type QuotePhoto,
  type QuoteRequest,
  type QuoteRequestSummary,
  type QuoteVendor,
  toResponseTime,
  type VendorLead,
} from '@vetted/contract';
import { mediaUrl, privateMediaUrl } from '../../../services/images';
import { bookingFee } from '../../orders';
import { maskFor } from '../masking';
import type * as repo from '../repository';

/** Who reads: the request's customer or a pro; `booked` says a paid order joins the two. */
export interface Reader {
  id: string;
  role: 'customer' | 'vendor';
}

/**
 * A text's reader view: `writer` wrote it; masked for the other side unless `booked`; phone
 * numbers read as numbers of `country` (the pro's).
 */
export type Masker = (text: string, writer: 'customer' | 'vendor') => string;

/** The masker of `reader` for a customer–pro pair (`booked`: a paid order joins them). */
export function maskerOf(reader: Reader, booked: boolean, country: string | null): Masker {
  return (text, writer) =>
    maskFor(text, {
      readerId: reader.role,
      writerId: writer,
      booked,
      country,
    });
}

/** The pro as the customer compares them. */
export function vendorDto(v: repo.VendorInfo): QuoteVendor {
  return {
    id: v.id,
    slug: v.slug ?? v.id,
    businessName: v.businessName,
    avatarUrl: v.avatarKey ? mediaUrl(v.avatarKey) : null,
    ratingAverage: Number(v.ratingAverage),
    ratingCount: v.ratingCount,
    responseTime: toResponseTime({
      medianMinutes: v.responseMinutesMedian,
      within4hBps: v.responseWithin4hBps,
      sampleSize: v.responseSampleSize,
    }),
  };
}

/** The stored line items of a quote (an empty list for anything else). */
export function lineItemsOf(q: repo.QuoteRow): QuoteLineItem[] {
  return Array.isArray(q.lineItems) ? (q.lineItems as QuoteLineItem[]) : [];
}

/** The stored slots of a quote, ISO instants. */
export function slotsOf(q: repo.QuoteRow): string[] {
  return Array.isArray(q.slots) ? (q.slots as string[]) : [];
}

function counterOf(q: repo.QuoteRow, mask: Masker): QuoteCounter | null {
  if (q.counterAmount === null || !q.counterStatus) return null;
  return {
    amount: { amount: q.counterAmount, currency: q.currency },
    note: mask(q.counterNote ?? '', 'customer'),
    status: q.counterStatus,
    at: (q.counteredAt ?? q.updatedAt).toISOString(),
  };
}

/** A quote as `mask`'s reader sees it; `price` is the total plus the platform fee. */
export function quoteDto(q: repo.QuoteRow, vendor: repo.VendorInfo, mask: Masker): Quote {
  const money = (amount: number) => ({ amount, currency: q.currency });
  const fee = bookingFee(q.total);
  return {
    id: q.id,
    requestId: q.requestId,
    vendor: vendorDto(vendor),
    lineItems: lineItemsOf(q).map((item) => ({
      description: mask(item.description, 'vendor'),
      amount: item.amount,
    })),
    total: money(q.total),
    price: { subtotal: money(q.total), fee: money(fee), total: money(q.total + fee) },
    slots: slotsOf(q),
    durationMinutes: q.durationMinutes,
    message: mask(q.message, 'vendor'),
    validUntil: q.validUntil.toISOString(),
    status: q.status,
    counter: counterOf(q, mask),
    orderId: q.orderId,
    createdAt: q.createdAt.toISOString(),
  };
}

/**
 * The currency a pro quotes in: their services' (`vendor_profiles.service_currencies`, first),
 * else the request's budget currency, else USD.
 */
export function quoteCurrency(vendor: repo.VendorInfo, request: repo.RequestRow): string {
  return vendor.serviceCurrencies[0] ?? request.currency ?? 'USD';
}

/** A stored photo of a request. */
export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
}

/** The stored photos of a request (an empty list for anything else). */
export function photosOf(r: repo.RequestRow): StoredPhoto[] {
  return Array.isArray(r.photos) ? (r.photos as StoredPhoto[]) : [];
}

/** The photos' private URLs (served by the quotes routes to the request's parties). */
export function photoDtos(r: repo.RequestRow): QuotePhoto[] {
  return photosOf(r).map((p) => ({
    url: privateMediaUrl(p.key),
    thumbUrl: privateMediaUrl(`${p.key}.thumb.webp`),
    width: p.width,
    height: p.height,
  }));
}

const windowsOf = (r: repo.RequestRow) =>
  Array.isArray(r.windows) ? (r.windows as { from: string; to: string }[]) : [];

/** The description's first line, at most 120 characters. */
export function previewOf(text: string): string {
  const line = text.split('\n')[0]?.trim() ?? '';
  return line.length > 120 ? `${line.slice(0, 119).trimEnd()}…` : line;
}

/** The town of an address, not the street: its parts after the first, words with digits dropped. */
export function areaOf(address: string): string {
  const parts = address
    .split(/[,\n]/)
    .map((p) =>
      p
        .split(/\s+/)
        .filter((w) => w && !/\d/.test(w))
        .join(' '),
    )
    .filter(Boolean);
  return (parts.length > 1 ? parts.slice(1) : parts).join(', ');
}

const firstNameOf = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? '';

/** One lead of a request for the reader, with its masker (per pro: bookings are per pair). */
export interface LeadForReader {
  lead: repo.LeadRow;
  quote: repo.QuoteRow | null;
  vendor: repo.VendorInfo;
  mask: Masker;
}

/** The request as its reader sees it: the customer every lead, a pro only theirs. */
export function requestDto(
  view: repo.RequestView,
  leads: LeadForReader[],
  descriptionMask: (text: string) => string,
): QuoteRequest {
  const r = view.request;
  return {
    id: r.id,
    status: r.status,
    category: view.category,
    description: descriptionMask(r.description),
    address: r.address,
    windows: windowsOf(r),
    budget: r.budget !== null && r.currency ? { amount: r.budget, currency: r.currency } : null,
    photos: photoDtos(r),
    customer: { id: r.customerId, firstName: firstNameOf(view.customerName) },
    vendorId: r.vendorId,
    leads: leads.map((l) => ({
      id: l.lead.id,
      vendor: vendorDto(l.vendor),
      currency: quoteCurrency(l.vendor, r),
      status: l.lead.status,
      declineReason: l.lead.declineReason === null ? null : l.mask(l.lead.declineReason, 'vendor'),
      quote: l.quote ? quoteDto(l.quote, l.vendor, l.mask) : null,
    })),
    acceptedQuoteId: r.acceptedQuoteId,
    closesAt: r.closesAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

/** A row of the customer's list. */
export function summaryDto(
  view: repo.RequestView,
  leads: { lead: repo.LeadRow; quote: repo.QuoteRow | null }[],
): QuoteRequestSummary {
  const r = view.request;
  const quotes = leads.flatMap((l) => (l.quote ? [l.quote] : []));
  const open = quotes.filter((q) => q.status === 'open').sort((a, b) => a.total - b.total);
  return {
    id: r.id,
    status: r.status,
    category: view.category,
    preview: previewOf(r.description),
    leadCount: leads.length,
    quoteCount: quotes.length,
    lowest: open[0] ? { amount: open[0].total, currency: open[0].currency } : null,
    closesAt: r.closesAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}

/** A row of the pro's leads, `mask` the pro's for this customer. */
export function vendorLeadDto(
  row: Awaited<ReturnType<typeof repo.leadsOfVendor>>[number],
  mask: Masker,
): VendorLead {
  const r = row.request;
  const q = row.quote;
  return {
    id: row.lead.id,
    requestId: r.id,
    status: row.lead.status,
    rank: row.lead.rank,
    category: row.category,
    preview: previewOf(mask(r.description, 'customer')),
    customer: { firstName: firstNameOf(row.customerName) },
    area: areaOf(r.address),
    windows: windowsOf(r),
    budget: r.budget !== null && r.currency ? { amount: r.budget, currency: r.currency } : null,
    photoCount: photosOf(r).length,
    direct: r.vendorId !== null,
    quote: q
      ? {
          id: q.id,
          total: { amount: q.total, currency: q.currency },
          status: q.status,
          counter: counterOf(q, mask),
        }
      : null,
    closesAt: r.closesAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  };
}
