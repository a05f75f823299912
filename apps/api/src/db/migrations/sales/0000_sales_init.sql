CREATE TABLE "sale_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"points" integer NOT NULL,
	CONSTRAINT "sale_lines_quantity_check" CHECK ("sale_lines"."quantity" between 1 and 9999),
	CONSTRAINT "sale_lines_points_check" CHECK ("sale_lines"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"retailer_id" integer NOT NULL,
	"sale_date" date NOT NULL,
	"invoice_number" text NOT NULL,
	"invoice_key" text NOT NULL,
	"observation" text DEFAULT '' NOT NULL,
	"photo_key" text,
	"photo_sha256" text,
	"photo_width" integer,
	"photo_height" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"rejection_reason" text,
	"base_points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "sales_status_check" CHECK ("sales"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "sales_base_points_check" CHECK ("sales"."base_points" > 0)
);
--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_lines" ADD CONSTRAINT "sale_lines_product_id_loyalty_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loyalty_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_store_id_loyalty_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."loyalty_stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_retailer_id_loyalty_retailers_id_fk" FOREIGN KEY ("retailer_id") REFERENCES "public"."loyalty_retailers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sale_lines_product_idx" ON "sale_lines" USING btree ("client_id","sale_id","product_id");--> statement-breakpoint
CREATE INDEX "sale_lines_product_ref_idx" ON "sale_lines" USING btree ("client_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoice_idx" ON "sales" USING btree ("client_id","campaign_id","invoice_key");--> statement-breakpoint
CREATE INDEX "sales_user_idx" ON "sales" USING btree ("client_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_campaign_status_idx" ON "sales" USING btree ("client_id","campaign_id","status","created_at");--> statement-breakpoint
CREATE INDEX "sales_photo_sha_idx" ON "sales" USING btree ("client_id","photo_sha256");