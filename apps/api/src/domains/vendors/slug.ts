import slugify from '@sindresorhus/slugify';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { vendorProfiles, vendorSlugRedirects } from '../../db/schema';

/**
 * How many hex digits of the vendor id end a slug: enough to keep two "Demo Plumbing Co."
 * apart, short enough to read (same rule as the backfill in migration 0011).
 */
const ID_SUFFIX_LENGTH = 6;

/**
 * The public profile's path segment (`/pros/:slug`) for a business: its name in kebab case
 * (transliterated by `@sindresorhus/slugify`, so "Café São Paulo" becomes `cafe-sao-paulo`) plus the
 * last six hex digits of the vendor id, e.g. `demo-plumbing-co-3fa9c1`. A name with no letters or
 * digits gives the suffix alone.
 */
export function vendorSlug(businessName: string, vendorId: string): string {
  const suffix = vendorId.replaceAll('-', '').slice(-ID_SUFFIX_LENGTH).toLowerCase();
  const name = slugify(businessName);
  return name ? `${name}-${suffix}` : suffix;
}

/**
 * Gives the vendor `vendorId` the slug of `businessName`. When it had another one, that old slug
 * goes to `vendor_slug_redirects` (so links to it answer 301) in the same transaction; a redirect
 * row for the new slug is dropped (a name changed back takes its slug back). Writes nothing when
 * the slug is unchanged. Returns the current slug.
 */
export async function syncVendorSlug(
  tx: DbOrTx,
  vendorId: string,
  businessName: string,
  currentSlug: string | null,
): Promise<string> {
  const slug = vendorSlug(businessName, vendorId);
  if (slug === currentSlug) return slug;
  await tx.delete(vendorSlugRedirects).where(eq(vendorSlugRedirects.slug, slug));
  if (currentSlug) {
    await tx
      .insert(vendorSlugRedirects)
      .values({ slug: currentSlug, vendorId })
      .onConflictDoUpdate({ target: vendorSlugRedirects.slug, set: { vendorId } });
  }
  await tx.update(vendorProfiles).set({ slug }).where(eq(vendorProfiles.id, vendorId));
  return slug;
}
