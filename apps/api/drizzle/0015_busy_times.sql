CREATE TABLE "busy_calendars" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"label" text NOT NULL,
	"last_fetched_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "busy_times" (
	"id" uuid PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"calendar_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "busy_calendars" ADD CONSTRAINT "busy_calendars_vendor_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_vendor_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_times" ADD CONSTRAINT "busy_times_calendar_id_busy_calendars_id_fk" FOREIGN KEY ("calendar_id") REFERENCES "public"."busy_calendars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "busy_calendars_vendor_idx" ON "busy_calendars" USING btree ("vendor_id");--> statement-breakpoint
CREATE INDEX "busy_times_vendor_starts_idx" ON "busy_times" USING btree ("vendor_id","starts_at");--> statement-breakpoint
CREATE INDEX "busy_times_calendar_idx" ON "busy_times" USING btree ("calendar_id");