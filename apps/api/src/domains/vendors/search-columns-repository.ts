/**
 * The vendor profile's columns that search reads besides the owner's own fields (kept by the
 * vendors domain, which owns `vendor_profiles`; what search does with them: domains/search/).
 */
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Recomputes what search reads of the given vendors besides their own fields:
 * - `search_text`, what text search matches: business name, tagline, city, the names and
 *   descriptions of its categories (the rule of catalogue's `vendorInCategorySql`) and its active
 *   services' titles and descriptions; PostgreSQL derives the stemmed `search_vector` from it;
 * - `service_currencies`, the sorted currencies of its active services (the local-currency filter);
 * - `other_category_ids`, its categories besides the primary one (catalogue's `vendorInCategorySql`).
 * Call it in the transaction of every write that changes one of those (the seed; vendor, service
 * and category edits). Rows already up to date are not rewritten. Ids go as one text parameter,
 * so any number fits.
 */
export async function refreshSearchColumns(
  db: DbOrTx,
  vendorIds: readonly string[],
): Promise<void> {
  if (vendorIds.length === 0) return;
  const ids = sql`string_to_array(${vendorIds.join(',')}, ',')::uuid[]`;
  await db.execute(sql`
    with fresh as (
      select v.id, concat_ws(' ', v.business_name, v.tagline, v.city,
        (select string_agg(c.name || ' ' || c.description, ' ' order by c.sort, c.slug)
          from categories c
          where c.id = v.primary_category_id
            or exists (select 1 from vendor_categories vc where vc.vendor_id = v.id and vc.category_id = c.id)
            or exists (select 1 from services s where s.vendor_id = v.id and s.active and s.category_id = c.id)),
        (select string_agg(s.title || ' ' || s.description, ' ' order by s.price, s.id)
          from services s where s.vendor_id = v.id and s.active)) as text,
      array(select distinct s.currency from services s where s.vendor_id = v.id and s.active
        order by s.currency) as currencies,
      array(select c.id from categories c
        where c.id is distinct from v.primary_category_id
          and (exists (select 1 from vendor_categories vc where vc.vendor_id = v.id and vc.category_id = c.id)
            or exists (select 1 from services s where s.vendor_id = v.id and s.active and s.category_id = c.id))
        order by c.id) as other_categories
      from vendor_profiles v
      where v.id = any(${ids})
    )
    update vendor_profiles set search_text = fresh.text, service_currencies = fresh.currencies,
      other_category_ids = fresh.other_categories
    from fresh
    where vendor_profiles.id = fresh.id
      and (vendor_profiles.search_text is distinct from fresh.text
        or vendor_profiles.service_currencies is distinct from fresh.currencies
        or vendor_profiles.other_category_ids is distinct from fresh.other_categories)`);
}
