CREATE TABLE "payout_accounts" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"holder_name" text DEFAULT '' NOT NULL,
	"last4" text DEFAULT '' NOT NULL,
	"routing_number" text,
	"stripe_account_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_stripe_account_id_unique" UNIQUE("stripe_account_id")
);
--> statement-breakpoint
CREATE TABLE "vendor_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"vendor_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_vendor_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_slug_redirects" ADD CONSTRAINT "vendor_slug_redirects_vendor_id_vendor_profiles_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendor_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_slug_redirects_vendor_idx" ON "vendor_slug_redirects" USING btree ("vendor_id");--> statement-breakpoint
ALTER TABLE "vendor_profiles" ADD CONSTRAINT "vendor_profiles_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- Added by hand: a slug for every vendor that exists (kebab-case business name + the last six
-- hex digits of its id); the vendors domain writes them from now on (with a slug library).
UPDATE "vendor_profiles" SET "slug" = concat_ws('-',
  nullif(trim(both '-' from regexp_replace(lower(business_name), '[^a-z0-9]+', '-', 'g')), ''),
  right(replace(id::text, '-', ''), 6))
WHERE "slug" IS NULL;
