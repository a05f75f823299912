CREATE TABLE "ledger_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"ledger" text NOT NULL,
	"amount" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"source" text NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"actor_id" integer,
	"reason" text,
	"idempotency_key" text NOT NULL,
	"reverses_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_ledger_check" CHECK ("ledger_entries"."ledger" in ('points', 'xp')),
	CONSTRAINT "ledger_entries_amount_check" CHECK ("ledger_entries"."amount" <> 0),
	CONSTRAINT "ledger_entries_balance_check" CHECK ("ledger_entries"."balance_after" >= 0),
	CONSTRAINT "ledger_entries_source_check" CHECK ("ledger_entries"."source" in ('activity', 'course', 'trail', 'test', 'game', 'sale', 'photo', 'redemption', 'refund', 'expiry', 'transfer', 'adjustment'))
);
--> statement-breakpoint
CREATE TABLE "point_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"idempotency_key" text NOT NULL,
	"entry_id" integer,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "point_holds_amount_check" CHECK ("point_holds"."amount" > 0),
	CONSTRAINT "point_holds_status_check" CHECK ("point_holds"."status" in ('held', 'committed', 'released'))
);
--> statement-breakpoint
CREATE TABLE "point_lot_moves" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"entry_id" integer,
	"hold_id" integer,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_lot_moves_amount_check" CHECK ("point_lot_moves"."amount" <> 0),
	CONSTRAINT "point_lot_moves_cause_check" CHECK ("point_lot_moves"."entry_id" is not null or "point_lot_moves"."hold_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "point_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"entry_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"remaining" integer NOT NULL,
	"expires_at" timestamp with time zone,
	"expired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_lots_amount_check" CHECK ("point_lots"."amount" > 0),
	CONSTRAINT "point_lots_remaining_check" CHECK ("point_lots"."remaining" >= 0 and "point_lots"."remaining" <= "point_lots"."amount")
);
--> statement-breakpoint
CREATE TABLE "reconciliation_findings" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"expected" integer NOT NULL,
	"actual" integer NOT NULL,
	"details" jsonb
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"accounts_checked" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_accounts" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"held" integer DEFAULT 0 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_accounts_client_id_user_id_pk" PRIMARY KEY("client_id","user_id"),
	CONSTRAINT "reward_accounts_points_check" CHECK ("reward_accounts"."points" >= 0),
	CONSTRAINT "reward_accounts_held_check" CHECK ("reward_accounts"."held" >= 0 and "reward_accounts"."held" <= "reward_accounts"."points"),
	CONSTRAINT "reward_accounts_xp_check" CHECK ("reward_accounts"."xp" >= 0)
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_holds" ADD CONSTRAINT "point_holds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lot_moves" ADD CONSTRAINT "point_lot_moves_lot_id_point_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."point_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lot_moves" ADD CONSTRAINT "point_lot_moves_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lot_moves" ADD CONSTRAINT "point_lot_moves_hold_id_point_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."point_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_lots" ADD CONSTRAINT "point_lots_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_findings" ADD CONSTRAINT "reconciliation_findings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_accounts" ADD CONSTRAINT "reward_accounts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_accounts" ADD CONSTRAINT "reward_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_key_idx" ON "ledger_entries" USING btree ("client_id","user_id","ledger","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_entries_statement_idx" ON "ledger_entries" USING btree ("client_id","user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_holds_key_idx" ON "point_holds" USING btree ("client_id","user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "point_holds_open_idx" ON "point_holds" USING btree ("client_id","user_id") WHERE "point_holds"."status" = 'held';--> statement-breakpoint
CREATE INDEX "point_lot_moves_lot_idx" ON "point_lot_moves" USING btree ("lot_id");--> statement-breakpoint
CREATE INDEX "point_lot_moves_hold_idx" ON "point_lot_moves" USING btree ("hold_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_lots_entry_idx" ON "point_lots" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "point_lots_spend_idx" ON "point_lots" USING btree ("client_id","user_id","expires_at","id") WHERE "point_lots"."remaining" > 0;--> statement-breakpoint
CREATE INDEX "point_lots_expiry_idx" ON "point_lots" USING btree ("expires_at") WHERE "point_lots"."remaining" > 0 and "point_lots"."expires_at" is not null;--> statement-breakpoint
CREATE INDEX "reconciliation_findings_client_idx" ON "reconciliation_findings" USING btree ("client_id","run_id");--> statement-breakpoint
CREATE INDEX "reward_accounts_user_idx" ON "reward_accounts" USING btree ("user_id");