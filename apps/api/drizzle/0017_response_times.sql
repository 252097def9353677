ALTER TABLE "vendor_profiles" ADD COLUMN "response_minutes_median" integer;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "response_within_4h_bps" integer;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "response_sample_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "response_computed_at" timestamp with time zone;