CREATE TABLE "loyalty_campaign_closes" (
	"campaign_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expired_lots" integer DEFAULT 0 NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "loyalty_close_outcomes" (
	"client_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"level_id" integer,
	"next_level_id" integer,
	"xp" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_close_outcomes_client_id_campaign_id_user_id_pk" PRIMARY KEY("client_id","campaign_id","user_id"),
	CONSTRAINT "loyalty_close_outcomes_outcome_check" CHECK ("loyalty_close_outcomes"."outcome" in ('kept', 'demoted'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_level_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"from_level_id" integer,
	"level_id" integer NOT NULL,
	"campaign_id" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_level_history_reason_check" CHECK ("loyalty_level_history"."reason" in ('approved', 'demoted', 'set'))
);
--> statement-breakpoint
CREATE TABLE "loyalty_level_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"campaign_id" integer NOT NULL,
	"from_level_id" integer NOT NULL,
	"to_level_id" integer NOT NULL,
	"xp" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_level_requests_status_check" CHECK ("loyalty_level_requests"."status" in ('pending', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "loyalty_campaign_closes" ADD CONSTRAINT "loyalty_campaign_closes_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_campaign_closes" ADD CONSTRAINT "loyalty_campaign_closes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_close_outcomes" ADD CONSTRAINT "loyalty_close_outcomes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_close_outcomes" ADD CONSTRAINT "loyalty_close_outcomes_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_close_outcomes" ADD CONSTRAINT "loyalty_close_outcomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_close_outcomes" ADD CONSTRAINT "loyalty_close_outcomes_level_id_loyalty_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_close_outcomes" ADD CONSTRAINT "loyalty_close_outcomes_next_level_id_loyalty_levels_id_fk" FOREIGN KEY ("next_level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_history" ADD CONSTRAINT "loyalty_level_history_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_history" ADD CONSTRAINT "loyalty_level_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_history" ADD CONSTRAINT "loyalty_level_history_from_level_id_loyalty_levels_id_fk" FOREIGN KEY ("from_level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_history" ADD CONSTRAINT "loyalty_level_history_level_id_loyalty_levels_id_fk" FOREIGN KEY ("level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_history" ADD CONSTRAINT "loyalty_level_history_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_requests" ADD CONSTRAINT "loyalty_level_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_requests" ADD CONSTRAINT "loyalty_level_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_requests" ADD CONSTRAINT "loyalty_level_requests_campaign_id_loyalty_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."loyalty_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_requests" ADD CONSTRAINT "loyalty_level_requests_from_level_id_loyalty_levels_id_fk" FOREIGN KEY ("from_level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_level_requests" ADD CONSTRAINT "loyalty_level_requests_to_level_id_loyalty_levels_id_fk" FOREIGN KEY ("to_level_id") REFERENCES "public"."loyalty_levels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_level_history_user_idx" ON "loyalty_level_history" USING btree ("client_id","user_id","valid_from","id");--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_level_requests_once_idx" ON "loyalty_level_requests" USING btree ("client_id","user_id","campaign_id","to_level_id");--> statement-breakpoint
CREATE INDEX "loyalty_level_requests_queue_idx" ON "loyalty_level_requests" USING btree ("client_id","status","created_at");