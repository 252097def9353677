/** Request photos: private, served to the request's customer and its pros only. */
import { isValidStorageKey } from '../../../services/storage';
import type { AuthUser } from '../../../platform/types';
import { AppError } from '../../../shared/errors';
import { PHOTO_PREFIX, type QuotesContext } from '../deps';
import { visibleRequest } from './context';
import { photosOf } from './present';

/** A UUID in its canonical text form (request ids). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `GET /media/quote-requests/{requestId}/{file}`: the storage key of a photo of the request
 * (or its `.thumb.webp`) for its customer and its leads' pros; null — the 404 of a missing
 * file — for anyone else, the anonymous included, and for a file that is not one of its photos.
 */
export async function photoOf(
  ctx: QuotesContext,
  user: AuthUser | null,
  requestId: string,
  file: string,
): Promise<string | null> {
  if (!user || !UUID.test(requestId) || file.includes('/')) return null;
  const key = `${PHOTO_PREFIX}/${requestId}/${file}`;
  if (!isValidStorageKey(key)) return null;
  try {
    const { view } = await visibleRequest(ctx.db, user, requestId);
    const known = photosOf(view.request).some(
      (p) => p.key === key || `${p.key}.thumb.webp` === key,
    );
    return known && (await ctx.storage.exists(key)) ? key : null;
  } catch (err) {
    if (err instanceof AppError) return null;
    throw err;
  }
}
