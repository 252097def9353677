ALTER TYPE "public"."payment_status" ADD VALUE 'authorized';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'captured';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'voided';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refund_pending';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "start_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "start_code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "start_code_locked_until" timestamp with time zone;--> statement-breakpoint
-- Orders accepted before start codes existed get one, so their customer can show it and the vendor can start.
UPDATE "orders" SET "start_code" = lpad(floor(random() * 10000)::int::text, 4, '0') WHERE "status" = 'accepted' AND "start_code" IS NULL;
