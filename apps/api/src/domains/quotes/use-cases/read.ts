/** Reading requests: one for its customer or a pro of it, the customer's list, the pro's leads. */
import type {
  QuoteRequest,
  QuoteRequestSummary,
  VendorFreeSlots,
  VendorFreeSlotsQuery,
  VendorLead,
  VendorLeadsQuery,
} from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { vendorFreeStarts } from '../../scheduling';
import type { QuotesContext } from '../deps';
import * as msg from '../messages';
import * as repo from '../repository';
import { type Party, visibleRequest } from './context';
import { type LeadForReader, maskerOf, requestDto, summaryDto, vendorLeadDto } from './present';

/**
 * The request as `party` sees it. The customer: every lead, each pro's texts masked unless the
 * customer paid that pro an order; a pro: only their lead, the customer's description masked
 * unless the customer paid them an order.
 */
export async function presentRequest(
  db: DbOrTx,
  view: repo.RequestView,
  leads: { lead: repo.LeadRow; quote: repo.QuoteRow | null }[],
  party: Party,
): Promise<QuoteRequest> {
  const customerId = view.request.customerId;
  if (party.role === 'vendor') {
    const paid = await repo.paidCustomersOf(db, party.vendor.id, [customerId]);
    const mask = maskerOf(
      { id: party.vendor.userId, role: 'vendor' },
      paid.has(customerId),
      party.vendor.country,
    );
    const own: LeadForReader = { lead: party.lead, quote: party.quote, vendor: party.vendor, mask };
    return requestDto(view, [own], (text) => mask(text, 'customer'));
  }
  const vendorIds = leads.map((l) => l.lead.vendorId);
  const [vendors, paid] = await Promise.all([
    repo.vendorsByIds(db, vendorIds),
    repo.paidVendorsOf(db, customerId, vendorIds),
  ]);
  const reader = { id: customerId, role: 'customer' as const };
  const forReader = leads.flatMap((l) => {
    const vendor = vendors.get(l.lead.vendorId);
    if (!vendor) return [];
    return [{ ...l, vendor, mask: maskerOf(reader, paid.has(vendor.id), vendor.country) }];
  });
  return requestDto(view, forReader, (text) => text);
}

/** Re-reads request `id` for `user` (after a change). */
export async function freshRequest(
  ctx: QuotesContext,
  user: AuthUser,
  id: string,
): Promise<QuoteRequest> {
  const { view, leads, party } = await visibleRequest(ctx.db, user, id);
  return presentRequest(ctx.db, view, leads, party);
}

/** `GET /v1/quote-requests/{id}`. @throws AppError 404 `quote_request_not_found` */
export async function getRequest(ctx: QuotesContext, user: AuthUser, id: string) {
  return freshRequest(ctx, user, id);
}

/** `GET /v1/quote-requests`: the customer's requests, newest first (empty for other roles). */
export async function listRequests(
  ctx: QuotesContext,
  user: AuthUser,
): Promise<QuoteRequestSummary[]> {
  if (user.role !== 'customer') return [];
  const views = await repo.requestsOfCustomer(ctx.db, user.id);
  const leads = await repo.leadsOfRequests(
    ctx.db,
    views.map((v) => v.request.id),
  );
  return views.map((v) =>
    summaryDto(
      v,
      leads.filter((l) => l.lead.requestId === v.request.id),
    ),
  );
}

/** The caller's pro profile. @throws AppError 403 `vendor_only` for anyone else */
export async function callerVendor(db: DbOrTx, user: AuthUser): Promise<repo.VendorInfo> {
  const vendor = user.role === 'vendor' ? await repo.vendorOfUser(db, user.id) : null;
  if (!vendor) throw msg.vendorOnly();
  return vendor;
}

/**
 * `GET /v1/vendor/leads?status=`: the caller's leads, newest first, each customer's texts
 * masked unless they paid this pro an order. @throws AppError 403 `vendor_only`
 */
export async function listLeads(
  ctx: QuotesContext,
  user: AuthUser,
  query: VendorLeadsQuery,
): Promise<VendorLead[]> {
  const vendor = await callerVendor(ctx.db, user);
  const rows = await repo.leadsOfVendor(ctx.db, vendor.id, query.status);
  const paid = await repo.paidCustomersOf(ctx.db, vendor.id, [
    ...new Set(rows.map((r) => r.request.customerId)),
  ]);
  const reader = { id: user.id, role: 'vendor' as const };
  return rows.map((row) =>
    vendorLeadDto(row, maskerOf(reader, paid.has(row.request.customerId), vendor.country)),
  );
}

/**
 * `GET /v1/vendor/free-slots`: the caller's free starts for a job of `durationMinutes`
 * (scheduling `vendorFreeStarts`: the slot picker's rules on that duration's grid).
 * @throws AppError 403 `vendor_only`
 */
export async function freeSlots(
  ctx: QuotesContext,
  user: AuthUser,
  query: VendorFreeSlotsQuery,
): Promise<VendorFreeSlots> {
  const vendor = await callerVendor(ctx.db, user);
  const found = await vendorFreeStarts(ctx.db, {
    vendorId: vendor.id,
    durationMinutes: query.durationMinutes,
    from: query.from,
    days: query.days,
    now: ctx.clock.now(),
  });
  if (!found) throw msg.vendorOnly();
  return {
    timeZone: found.timeZone,
    days: found.days.map((d) => ({ date: d.date, slots: d.slots.map((s) => s.toISOString()) })),
  };
}
