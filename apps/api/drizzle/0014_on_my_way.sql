ALTER TABLE "orders" ADD COLUMN "on_my_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "on_my_way_eta_minutes" integer;