CREATE TABLE "vendor_calendar_versions" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"bumped_in" bigint
);
--> statement-breakpoint
-- Every write that changes what the slot picker shows of a vendor bumps its calendar version in
-- the writing transaction, whichever code path made it (cached slot answers compare versions,
-- scheduling slots-cache.ts). Once per transaction: the update is skipped when this transaction
-- already bumped (ON CONFLICT … WHERE), so a bulk write costs one new row version.
CREATE FUNCTION "bump_vendor_calendar"(vendor uuid) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "vendor_calendar_versions" AS v ("vendor_id", "version", "bumped_in")
  VALUES (vendor, 1, txid_current())
  ON CONFLICT ("vendor_id") DO UPDATE
    SET "version" = v."version" + 1, "bumped_in" = excluded."bumped_in"
    WHERE v."bumped_in" IS DISTINCT FROM excluded."bumped_in"
$$;
--> statement-breakpoint
-- Row trigger of the tables with a vendor_id: the old row's vendor and, when it changed or the
-- row is new, the new one's.
CREATE FUNCTION "vendor_calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_vendor_calendar"(OLD."vendor_id");
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."vendor_id" IS DISTINCT FROM OLD."vendor_id") THEN
    PERFORM "bump_vendor_calendar"(NEW."vendor_id");
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- vendor_profiles: the vendor is the row itself (zone, booking rules, vetting status).
CREATE FUNCTION "vendor_profile_calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "bump_vendor_calendar"(NEW."id");
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- waitlist_entries: a held offer blocks the vendor of its service.
CREATE FUNCTION "waitlist_calendar_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM "bump_vendor_calendar"(s."vendor_id") FROM "services" s WHERE s."id" = OLD."service_id";
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW."service_id" IS DISTINCT FROM OLD."service_id") THEN
    PERFORM "bump_vendor_calendar"(s."vendor_id") FROM "services" s WHERE s."id" = NEW."service_id";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Orders block time by status, times and hold (scheduling repository.ts blockingOrderCondition).
CREATE TRIGGER "orders_calendar_changed" AFTER INSERT OR DELETE OR UPDATE OF "vendor_id", "status", "starts_at", "ends_at", "hold_expires_at" ON "orders" FOR EACH ROW EXECUTE FUNCTION "vendor_calendar_changed"();
--> statement-breakpoint
CREATE TRIGGER "busy_times_calendar_changed" AFTER INSERT OR UPDATE OR DELETE ON "busy_times" FOR EACH ROW EXECUTE FUNCTION "vendor_calendar_changed"();
--> statement-breakpoint
CREATE TRIGGER "availability_rules_calendar_changed" AFTER INSERT OR UPDATE OR DELETE ON "availability_rules" FOR EACH ROW EXECUTE FUNCTION "vendor_calendar_changed"();
--> statement-breakpoint
CREATE TRIGGER "availability_exceptions_calendar_changed" AFTER INSERT OR UPDATE OR DELETE ON "availability_exceptions" FOR EACH ROW EXECUTE FUNCTION "vendor_calendar_changed"();
--> statement-breakpoint
-- A service's duration and bookability (catalogue isBookableService).
CREATE TRIGGER "services_calendar_changed" AFTER INSERT OR DELETE OR UPDATE OF "vendor_id", "duration_minutes", "active", "archived_at" ON "services" FOR EACH ROW EXECUTE FUNCTION "vendor_calendar_changed"();
--> statement-breakpoint
CREATE TRIGGER "vendor_profiles_calendar_changed" AFTER INSERT OR UPDATE OF "time_zone", "min_notice_minutes", "buffer_minutes", "horizon_days", "vetting_status" ON "vendor_profiles" FOR EACH ROW EXECUTE FUNCTION "vendor_profile_calendar_changed"();
--> statement-breakpoint
CREATE TRIGGER "waitlist_entries_calendar_changed" AFTER INSERT OR UPDATE OR DELETE ON "waitlist_entries" FOR EACH ROW EXECUTE FUNCTION "waitlist_calendar_changed"();
--> statement-breakpoint
-- Vendors that exist already start at version 1.
INSERT INTO "vendor_calendar_versions" ("vendor_id") SELECT "id" FROM "vendor_profiles";
