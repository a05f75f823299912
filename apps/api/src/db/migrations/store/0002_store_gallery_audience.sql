ALTER TABLE "store_items" ADD COLUMN "gallery" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "audience_area_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "audience_country_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_items" ADD COLUMN "audience_roles" text[] DEFAULT '{}'::text[] NOT NULL;