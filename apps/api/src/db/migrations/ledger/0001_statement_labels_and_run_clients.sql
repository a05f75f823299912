CREATE TABLE "reconciliation_run_clients" (
	"run_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"accounts_checked" integer DEFAULT 0 NOT NULL,
	"differences" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "reconciliation_run_clients_client_id_run_id_pk" PRIMARY KEY("client_id","run_id")
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "ref_label" text;--> statement-breakpoint
ALTER TABLE "reconciliation_run_clients" ADD CONSTRAINT "reconciliation_run_clients_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_run_clients" ADD CONSTRAINT "reconciliation_run_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reconciliation_run_clients_run_idx" ON "reconciliation_run_clients" USING btree ("run_id");