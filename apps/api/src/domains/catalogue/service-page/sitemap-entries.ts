/** The dynamic part of the sitemap: the pro pages, the category pages and the landing pages. */
import type { Category } from '@vetted/contract';
import type { PlacesIndex, ServicePlaceEntry } from './places-index';

/** What the sitemap lists beyond the static pages. */
export interface SitemapEntries {
  proSlugs: string[];
  categories: string[];
  places: ServicePlaceEntry[];
}

/**
 * What the sitemap lists beyond the static pages: every approved pro's slug, every category
 * with approved pros, and every category × place page that has pros (sorted by category, then
 * place slug).
 */
export async function sitemapEntries(deps: {
  catalogue: { listCategories(): Promise<Category[]> };
  placesIndex: () => Promise<PlacesIndex>;
}): Promise<SitemapEntries> {
  const [index, categories] = await Promise.all([
    deps.placesIndex(),
    deps.catalogue.listCategories(),
  ]);
  return {
    proSlugs: [...index.proSlugs].sort(),
    categories: categories.filter((c) => c.vendorCount > 0).map((c) => c.slug),
    places: [...index.byCategory.values()]
      .flatMap((places) => [...places.values()])
      .sort(
        (a, b) => a.category.localeCompare(b.category) || a.place.slug.localeCompare(b.place.slug),
      ),
  };
}
