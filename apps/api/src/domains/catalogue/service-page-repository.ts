/**
 * Data access of the landing pages (`/services/:category[/:place]`) and the sitemap: where the
 * approved pros are, how far they travel and which categories they belong to. Every function
 * takes `db | tx`; no policy and no text for people.
 */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users, vendorProfiles } from '../../db/schema';

/** An approved pro as the landing pages place them. */
export interface ProReach {
  id: string;
  slug: string | null;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lng: number;
  /** How far from their base they work, km. */
  serviceRadiusKm: number;
  /** Slugs of their categories, by the catalogue's rule (primary, listed, or with a service). */
  categories: string[];
}

/** Every approved pro whose account still exists, with their reach and categories. */
export async function approvedProReach(db: DbOrTx): Promise<ProReach[]> {
  // The query builder, not `db.execute`: PGlite and postgres-js shape raw results differently.
  const rows = await db
    .select({
      id: vendorProfiles.id,
      slug: vendorProfiles.slug,
      city: vendorProfiles.city,
      country: vendorProfiles.country,
      lat: vendorProfiles.lat,
      lng: vendorProfiles.lng,
      radius: vendorProfiles.serviceRadiusKm,
      categories: sql<string[] | null>`array(select c.slug from categories c
        where c.id = ${vendorProfiles.primaryCategoryId} or c.id = any(${vendorProfiles.otherCategoryIds})
        order by c.slug)`,
    })
    .from(vendorProfiles)
    .innerJoin(users, eq(users.id, vendorProfiles.userId))
    .where(and(eq(vendorProfiles.vettingStatus, 'approved'), isNull(users.deletedAt)))
    .orderBy(asc(vendorProfiles.id));
  return rows.map((r) => ({
    id: r.id,
    slug: r.slug,
    city: r.city,
    country: r.country,
    lat: Number(r.lat),
    lng: Number(r.lng),
    serviceRadiusKm: Number(r.radius),
    categories: r.categories ?? [],
  }));
}
