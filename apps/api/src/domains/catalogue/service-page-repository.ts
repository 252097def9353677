/**
 * Data access of the landing pages (`/services/:category[/:place]`) and the sitemap: where the
 * approved pros are, how far they travel and which categories they belong to. Every function
 * takes `db | tx`; no policy and no text for people.
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

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
  const rows = await db.execute<{
    id: string;
    slug: string | null;
    city: string;
    country: string;
    lat: number | string;
    lng: number | string;
    radius: number | string;
    categories: string[] | null;
  }>(sql`
    select vp.id, vp.slug, vp.city, vp.country, vp.lat, vp.lng,
      vp.service_radius_km as radius,
      array(select c.slug from categories c
        where c.id = vp.primary_category_id or c.id = any(vp.other_category_ids)
        order by c.slug) as categories
    from vendor_profiles vp
    join users u on u.id = vp.user_id
    where vp.vetting_status = 'approved' and u.deleted_at is null
    order by vp.id`);
  return rows.rows.map((r) => ({
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
