DROP INDEX "vendor_profiles_category_idx";--> statement-breakpoint
CREATE INDEX "services_category_vendor_idx" ON "services" USING btree ("category_id","vendor_id") WHERE active;--> statement-breakpoint
CREATE INDEX "services_title_words_idx" ON "services" USING gin (to_tsvector('simple'::regconfig, "title"));--> statement-breakpoint
CREATE INDEX "vendor_categories_category_idx" ON "vendor_categories" USING btree ("category_id","vendor_id");--> statement-breakpoint
CREATE INDEX "vendor_profiles_earth_idx" ON "vendor_profiles" USING gist (ll_to_earth("lat", "lng"));--> statement-breakpoint
CREATE INDEX "vendor_profiles_approved_category_idx" ON "vendor_profiles" USING btree ("primary_category_id","id") WHERE vetting_status = 'approved';--> statement-breakpoint
CREATE INDEX "vendor_profiles_name_words_idx" ON "vendor_profiles" USING gin (to_tsvector('simple'::regconfig, "business_name"));--> statement-breakpoint
CREATE INDEX "vendor_profiles_category_idx" ON "vendor_profiles" USING btree ("primary_category_id","id");--> statement-breakpoint
-- Added by hand: search_text of vendors that existed before this migration (a database seeded earlier), the
-- same text as catalogue/repository.ts refreshSearchText writes from now on. Rows already filled
-- are left alone.
WITH fresh AS (
  SELECT v.id, concat_ws(' ', v.business_name, v.tagline, v.city,
    (SELECT string_agg(c.name || ' ' || c.description, ' ' ORDER BY c.sort, c.slug)
      FROM categories c
      WHERE c.id = v.primary_category_id
        OR EXISTS (SELECT 1 FROM vendor_categories vc WHERE vc.vendor_id = v.id AND vc.category_id = c.id)
        OR EXISTS (SELECT 1 FROM services s WHERE s.vendor_id = v.id AND s.active AND s.category_id = c.id)),
    (SELECT string_agg(s.title || ' ' || s.description, ' ' ORDER BY s.price, s.id)
      FROM services s WHERE s.vendor_id = v.id AND s.active)) AS text
  FROM vendor_profiles v
  WHERE v.search_text = ''
)
UPDATE vendor_profiles SET search_text = fresh.text
FROM fresh
WHERE vendor_profiles.id = fresh.id AND vendor_profiles.search_text IS DISTINCT FROM fresh.text;
