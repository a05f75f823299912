CREATE TABLE "sale_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"sale_id" integer NOT NULL,
	"actor_id" integer,
	"decision" text NOT NULL,
	"from_status" text NOT NULL,
	"reason" text,
	"points" integer DEFAULT 0 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"points_shortfall" integer DEFAULT 0 NOT NULL,
	"xp_shortfall" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sale_decisions_decision_check" CHECK ("sale_decisions"."decision" in ('approved', 'rejected')),
	CONSTRAINT "sale_decisions_from_check" CHECK ("sale_decisions"."from_status" in ('pending', 'approved')),
	CONSTRAINT "sale_decisions_shortfall_check" CHECK ("sale_decisions"."points_shortfall" >= 0 and "sale_decisions"."xp_shortfall" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "photo_dhash" bigint;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "credited_points" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "credited_xp" integer;--> statement-breakpoint
ALTER TABLE "sales" ADD COLUMN "multiplier" numeric(6, 4);--> statement-breakpoint
ALTER TABLE "sale_decisions" ADD CONSTRAINT "sale_decisions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_decisions" ADD CONSTRAINT "sale_decisions_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_decisions" ADD CONSTRAINT "sale_decisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sale_decisions_sale_idx" ON "sale_decisions" USING btree ("client_id","sale_id","created_at");--> statement-breakpoint
CREATE INDEX "sales_invoice_key_idx" ON "sales" USING btree ("client_id","invoice_key");--> statement-breakpoint
CREATE INDEX "sales_store_campaign_idx" ON "sales" USING btree ("client_id","store_id","campaign_id");--> statement-breakpoint
CREATE INDEX "sales_queue_idx" ON "sales" USING btree ("client_id","status","created_at");--> statement-breakpoint
UPDATE "sales" s SET "units" = (SELECT coalesce(sum(l."quantity"), 0) FROM "sale_lines" l WHERE l."client_id" = s."client_id" AND l."sale_id" = s."id");
