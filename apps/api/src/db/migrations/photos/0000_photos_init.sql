CREATE TABLE "photo_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"points" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "photo_types_points_check" CHECK ("photo_types"."points" between 1 and 1000000)
);
--> statement-breakpoint
CREATE TABLE "store_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"photo_type_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"image_key" text NOT NULL,
	"image_sha256" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"credited_points" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "store_photos_status_check" CHECK ("store_photos"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "photo_types" ADD CONSTRAINT "photo_types_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_photos" ADD CONSTRAINT "store_photos_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_photos" ADD CONSTRAINT "store_photos_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_photos" ADD CONSTRAINT "store_photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_photos" ADD CONSTRAINT "store_photos_store_id_loyalty_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."loyalty_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_photos" ADD CONSTRAINT "store_photos_photo_type_id_photo_types_id_fk" FOREIGN KEY ("photo_type_id") REFERENCES "public"."photo_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_photos" ADD CONSTRAINT "store_photos_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "photo_types_code_idx" ON "photo_types" USING btree ("client_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "store_photos_week_idx" ON "store_photos" USING btree ("client_id","store_id","photo_type_id","week_start") WHERE "store_photos"."status" <> 'rejected';--> statement-breakpoint
CREATE INDEX "store_photos_user_idx" ON "store_photos" USING btree ("client_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_photos_queue_idx" ON "store_photos" USING btree ("client_id","status","created_at");--> statement-breakpoint
CREATE INDEX "store_photos_sha_idx" ON "store_photos" USING btree ("client_id","image_sha256");--> statement-breakpoint
CREATE INDEX "store_photos_store_week_idx" ON "store_photos" USING btree ("client_id","store_id","week_start");