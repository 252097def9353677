/** `POST /v1/quote-requests`: a customer asks for quotes; the matched pros get the lead. */
import type { CreateQuoteRequestBody, QuoteRequest } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import { enqueue } from '../../../jobs/engine';
import type { AuthUser } from '../../../platform/types';
import { processImage, putProcessedImage } from '../../../services/images';
import { PHOTO_PREFIX, type QuotesContext } from '../deps';
import { closeRequestJob } from '../jobs/close-request';
import * as msg from '../messages';
import { closesAtOf, QUOTE_RULES, rankMatches } from '../policy';
import * as repo from '../repository';
import { factsOf, proFacts, tell } from './context';
import { type JobPlace, locateJob } from './locate';
import type { StoredPhoto } from './present';
import { freshRequest } from './read';

/**
 * The pros the request goes to, best first. With `vendorId`: that pro, who must be approved
 * (404 `vendor_not_found` otherwise), do jobs of the category (422 `vendor_not_in_category`)
 * and cover the place (422 `outside_service_area`). Without: up to `QUOTE_RULES.maxMatches`
 * approved pros of the category whose area covers it, in policy `rankMatches` order (422
 * `no_matching_pros` when none).
 */
async function matchesOf(
  ctx: QuotesContext,
  category: { id: string; name: string },
  place: JobPlace,
  vendorId: string | undefined,
): Promise<repo.CandidateRow[]> {
  if (vendorId) {
    const one = await repo.candidate(ctx.db, vendorId, category.id, place);
    if (!one?.approved) throw msg.proNotFound();
    if (!one.inCategory) throw msg.proNotInCategory(one.businessName, category.name);
    if (one.distanceKm > one.radiusKm) throw msg.proOutsideArea(one.businessName);
    return [one];
  }
  const ranked = rankMatches(
    (await repo.matchingVendors(ctx.db, category.id, place)).map((c) => ({
      ...c,
      responseMinutes: c.responseMinutesMedian,
    })),
  );
  if (ranked.length === 0) throw msg.noMatchingPros(category.name);
  return ranked;
}

/**
 * Decodes and stores each photo through the one image pipeline (spec §5: under 3 MB, "Image
 * must be less than 3mb"; re-encoded to WebP, metadata stripped) in private storage under
 * `quote-requests/<request id>/`. Before the transaction: a crash after it leaves unreferenced
 * files, never a request without its photos.
 */
async function storePhotos(
  ctx: QuotesContext,
  requestId: string,
  photos: Buffer[],
): Promise<StoredPhoto[]> {
  const images = [];
  // Every photo is checked before any is stored: one bad photo stores nothing.
  for (const bytes of photos) images.push(await processImage(bytes));
  const stored: StoredPhoto[] = [];
  for (const image of images) {
    const key = `${PHOTO_PREFIX}/${requestId}/${uuidv7()}.webp`;
    await putProcessedImage(ctx.storage, key, image);
    stored.push({ key, width: image.width, height: image.height });
  }
  return stored;
}

/**
 * Asks for quotes (customers only: 403 `customer_only`). The category must exist (400
 * `category_not_found`), the place be found (422 `address_not_located`), at most 6 photos (400
 * `too_many_photos`), and the pros matched (see {@link matchesOf}); nothing is saved otherwise.
 * One transaction writes the request (`open`, closing 7 days later), a lead per pro (`rank` 1 =
 * best), tells each pro ("New quote request": in-app, live, mail) and queues
 * `quotes.close-request` at `closesAt`. The budget is in the best match's currency.
 */
export async function createRequest(
  ctx: QuotesContext,
  user: AuthUser,
  body: CreateQuoteRequestBody,
  photos: Buffer[],
): Promise<QuoteRequest> {
  if (user.role !== 'customer') throw msg.customerOnly();
  if (photos.length > QUOTE_RULES.maxPhotos) throw msg.tooManyPhotos(QUOTE_RULES.maxPhotos);
  const category = await repo.categoryBySlug(ctx.db, body.categorySlug);
  if (!category) throw msg.categoryNotFound();
  const place = await locateJob(ctx, user.id, body);
  if (!place) throw msg.placeNotFound();
  const matches = await matchesOf(ctx, category, place, body.vendorId);
  const id = uuidv7();
  const stored = await storePhotos(ctx, id, photos);
  await ctx.inTransaction(async (tx) => {
    const now = ctx.clock.now();
    const closesAt = closesAtOf(now);
    await repo.insertRequest(tx, {
      id,
      customerId: user.id,
      categoryId: category.id,
      description: body.description,
      address: place.address,
      placeId: place.placeId,
      lat: place.lat,
      lng: place.lng,
      windows: body.windows,
      budget: body.budget ?? null,
      currency: body.budget ? (matches[0]?.serviceCurrencies[0] ?? 'USD') : null,
      photos: stored,
      vendorId: body.vendorId ?? null,
      status: 'open',
      closesAt,
      createdAt: now,
      updatedAt: now,
    });
    await repo.insertLeads(
      tx,
      matches.map((m, i) => ({
        id: uuidv7(),
        requestId: id,
        vendorId: m.id,
        rank: i + 1,
        status: 'new' as const,
        createdAt: now,
        updatedAt: now,
      })),
    );
    const view = await repo.loadRequest(tx, id);
    if (view) {
      const facts = factsOf(view);
      const direct = Boolean(body.vendorId);
      const items = matches.map((m) => ({
        notice: msg.newRequestNotice(facts, proFacts(m), direct),
        email: m.email,
      }));
      await tell(ctx, tx, id, items, `quote-request:${id}:requested`);
    }
    await enqueue(
      tx,
      closeRequestJob,
      { requestId: id },
      { key: `quote-request:${id}:close`, startAfter: closesAt },
    );
  });
  return freshRequest(ctx, user, id);
}
