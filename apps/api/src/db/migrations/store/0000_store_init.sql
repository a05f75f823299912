CREATE TABLE "store_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"max_per_user" integer,
	"period_days" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_categories_max_check" CHECK ("store_categories"."max_per_user" is null or "store_categories"."max_per_user" > 0),
	CONSTRAINT "store_categories_period_check" CHECK ("store_categories"."period_days" is null or "store_categories"."period_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "store_departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"department_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"image_url" text,
	"price" integer NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"has_variants" boolean DEFAULT false NOT NULL,
	"kind" text NOT NULL,
	"available_from" timestamp with time zone,
	"available_until" timestamp with time zone,
	"required_course_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"min_level_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"redeemed" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_items_stock_check" CHECK ("store_items"."stock" >= 0),
	CONSTRAINT "store_items_price_check" CHECK ("store_items"."price" > 0),
	CONSTRAINT "store_items_redeemed_check" CHECK ("store_items"."redeemed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"variant_id" integer,
	"category_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" integer NOT NULL,
	"status" text NOT NULL,
	"hold_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"address" jsonb,
	"carrier" text,
	"tracking_code" text,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"shipped_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"reproved_at" timestamp with time zone,
	"actor_id" integer,
	CONSTRAINT "store_orders_quantity_check" CHECK ("store_orders"."quantity" = 1)
);
--> statement-breakpoint
CREATE TABLE "store_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"label" jsonb NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_variants_stock_check" CHECK ("store_variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "store_vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"sealed_code" text NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_departments" ADD CONSTRAINT "store_departments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_department_id_store_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."store_departments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_items" ADD CONSTRAINT "store_items_category_id_store_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."store_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_variant_id_store_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."store_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_hold_id_point_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."point_holds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_variants" ADD CONSTRAINT "store_variants_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_vouchers" ADD CONSTRAINT "store_vouchers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_vouchers" ADD CONSTRAINT "store_vouchers_item_id_store_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."store_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_vouchers" ADD CONSTRAINT "store_vouchers_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_categories_client_idx" ON "store_categories" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "store_departments_client_idx" ON "store_departments" USING btree ("client_id","position");--> statement-breakpoint
CREATE INDEX "store_items_client_idx" ON "store_items" USING btree ("client_id","category_id");--> statement-breakpoint
CREATE INDEX "store_items_popular_idx" ON "store_items" USING btree ("client_id","redeemed");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_key_idx" ON "store_orders" USING btree ("client_id","user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "store_orders_user_idx" ON "store_orders" USING btree ("client_id","user_id","category_id","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_status_idx" ON "store_orders" USING btree ("client_id","status","id");--> statement-breakpoint
CREATE INDEX "store_variants_item_idx" ON "store_variants" USING btree ("client_id","item_id");--> statement-breakpoint
CREATE INDEX "store_vouchers_free_idx" ON "store_vouchers" USING btree ("client_id","item_id","id") WHERE "store_vouchers"."order_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "store_vouchers_order_idx" ON "store_vouchers" USING btree ("order_id");