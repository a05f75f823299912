CREATE TABLE "loyalty_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_campaign_products" (
	"client_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "loyalty_campaign_products_client_id_campaign_id_product_id_pk" PRIMARY KEY("client_id","campaign_id","product_id"),
	CONSTRAINT "loyalty_campaign_products_points_check" CHECK ("loyalty_campaign_products"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_campaign_stores" (
	"client_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	CONSTRAINT "loyalty_campaign_stores_client_id_campaign_id_store_id_pk" PRIMARY KEY("client_id","campaign_id","store_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"begins_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"country_group" smallint NOT NULL,
	"frozen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_campaigns_dates_check" CHECK ("loyalty_campaigns"."ends_at" > "loyalty_campaigns"."begins_at"),
	CONSTRAINT "loyalty_campaigns_group_check" CHECK ("loyalty_campaigns"."country_group" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "loyalty_countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"country_group" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_countries_group_check" CHECK ("loyalty_countries"."country_group" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"position" smallint NOT NULL,
	"min_xp" integer NOT NULL,
	"multiplier" numeric(4, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_levels_position_check" CHECK ("loyalty_levels"."position" between 1 and 3),
	CONSTRAINT "loyalty_levels_min_xp_check" CHECK ("loyalty_levels"."min_xp" >= 0),
	CONSTRAINT "loyalty_levels_multiplier_check" CHECK ("loyalty_levels"."multiplier" >= 1 and "loyalty_levels"."multiplier" <= 10)
);
--> statement-breakpoint
CREATE TABLE "loyalty_member_levels" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"level_id" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_member_levels_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "loyalty_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"product_type" text NOT NULL,
	"processor" text NOT NULL,
	"processor_generation" text NOT NULL,
	"form_factor" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_registrations_status_check" CHECK ("loyalty_registrations"."status" in ('active', 'inactive'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_retailers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"name" text NOT NULL,
	"country_group" smallint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_retailers_group_check" CHECK ("loyalty_retailers"."country_group" is null or "loyalty_retailers"."country_group" in (1, 2))
);
--> statement-breakpoint
CREATE TABLE "loyalty_stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"retailer_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"time_zone" text NOT NULL,
	"phones_and_cameras_allowed" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "loyalty_brands" ADD CONSTRAINT "loyalty_brands_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_products" ADD CONSTRAINT "loyalty_campaign_products_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_products" ADD CONSTRAINT "loyalty_campaign_products_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_products" ADD CONSTRAINT "loyalty_campaign_products_product_id_loyalty_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loyalty_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_stores" ADD CONSTRAINT "loyalty_campaign_stores_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_stores" ADD CONSTRAINT "loyalty_campaign_stores_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_stores" ADD CONSTRAINT "loyalty_campaign_stores_store_id_loyalty_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."loyalty_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaigns" ADD CONSTRAINT "loyalty_campaigns_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_countries" ADD CONSTRAINT "loyalty_countries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_levels" ADD CONSTRAINT "loyalty_levels_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_member_levels" ADD CONSTRAINT "loyalty_member_levels_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_member_levels" ADD CONSTRAINT "loyalty_member_levels_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_member_levels" ADD CONSTRAINT "loyalty_member_levels_level_id_loyalty_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_products" ADD CONSTRAINT "loyalty_products_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_products" ADD CONSTRAINT "loyalty_products_brand_id_loyalty_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."loyalty_brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_registrations" ADD CONSTRAINT "loyalty_registrations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_registrations" ADD CONSTRAINT "loyalty_registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_registrations" ADD CONSTRAINT "loyalty_registrations_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_registrations" ADD CONSTRAINT "loyalty_registrations_store_id_loyalty_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."loyalty_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_retailers" ADD CONSTRAINT "loyalty_retailers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_retailers" ADD CONSTRAINT "loyalty_retailers_country_id_loyalty_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."loyalty_countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stores" ADD CONSTRAINT "loyalty_stores_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stores" ADD CONSTRAINT "loyalty_stores_retailer_id_loyalty_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."loyalty_retailers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_stores" ADD CONSTRAINT "loyalty_stores_country_id_loyalty_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."loyalty_countries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_brands_name_idx" ON "loyalty_brands" USING btree ("client_id","name");--> statement-breakpoint
CREATE INDEX "loyalty_campaign_products_product_idx" ON "loyalty_campaign_products" USING btree ("client_id","product_id");--> statement-breakpoint
CREATE INDEX "loyalty_campaign_stores_store_idx" ON "loyalty_campaign_stores" USING btree ("client_id","store_id");--> statement-breakpoint
CREATE INDEX "loyalty_campaigns_dates_idx" ON "loyalty_campaigns" USING btree ("client_id","ends_at","begins_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_countries_code_idx" ON "loyalty_countries" USING btree ("client_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_levels_position_idx" ON "loyalty_levels" USING btree ("client_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_products_sku_idx" ON "loyalty_products" USING btree ("client_id","sku");--> statement-breakpoint
CREATE INDEX "loyalty_products_brand_idx" ON "loyalty_products" USING btree ("client_id","brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_registrations_user_idx" ON "loyalty_registrations" USING btree ("client_id","user_id","campaign_id");--> statement-breakpoint
CREATE INDEX "loyalty_registrations_campaign_idx" ON "loyalty_registrations" USING btree ("client_id","campaign_id","store_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_retailers_name_idx" ON "loyalty_retailers" USING btree ("client_id","country_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_stores_code_idx" ON "loyalty_stores" USING btree ("client_id","code");--> statement-breakpoint
CREATE INDEX "loyalty_stores_retailer_idx" ON "loyalty_stores" USING btree ("client_id","retailer_id");--> statement-breakpoint
CREATE INDEX "loyalty_stores_name_idx" ON "loyalty_stores" USING btree ("client_id","name");