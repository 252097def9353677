DROP INDEX "vendor_profiles_earth_idx";--> statement-breakpoint
-- Edited by hand: the four columns in one ALTER TABLE, so the table is rewritten once.
ALTER TABLE "vendor_profiles"
  ADD COLUMN "name_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', business_name)) STORED NOT NULL,
  ADD COLUMN "service_currencies" text[] DEFAULT '{}'::text[] NOT NULL,
  ADD COLUMN "other_category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
  ADD COLUMN "earth" "earth" GENERATED ALWAYS AS (ll_to_earth(lat, lng)) STORED NOT NULL;--> statement-breakpoint
-- Added by hand: currencies and other categories of the vendors that exist, as
-- catalogue/repository.ts refreshSearchText writes them from now on.
WITH fresh AS (
  SELECT v.id,
    array(SELECT DISTINCT s.currency FROM services s WHERE s.vendor_id = v.id AND s.active
      ORDER BY s.currency) AS currencies,
    array(SELECT c.id FROM categories c
      WHERE c.id IS DISTINCT FROM v.primary_category_id
        AND (EXISTS (SELECT 1 FROM vendor_categories vc WHERE vc.vendor_id = v.id AND vc.category_id = c.id)
          OR EXISTS (SELECT 1 FROM services s WHERE s.vendor_id = v.id AND s.active AND s.category_id = c.id))
      ORDER BY c.id) AS other_categories
  FROM vendor_profiles v
)
UPDATE "vendor_profiles" SET "service_currencies" = fresh.currencies,
  "other_category_ids" = fresh.other_categories
FROM fresh
WHERE vendor_profiles.id = fresh.id
  AND (fresh.currencies <> '{}' OR fresh.other_categories <> '{}');--> statement-breakpoint
CREATE INDEX "vendor_profiles_other_categories_idx" ON "vendor_profiles" USING gin ("other_category_ids");--> statement-breakpoint
CREATE INDEX "vendor_profiles_earth_idx" ON "vendor_profiles" USING gist ("earth");
