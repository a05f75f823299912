CREATE TABLE "incoming_point_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"partner_id" text NOT NULL,
	"document" text NOT NULL,
	"points" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incoming_point_transfers_points_check" CHECK ("incoming_point_transfers"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "point_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"document" text NOT NULL,
	"points" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"hold_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"partner_reference" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "point_transfers_points_check" CHECK ("point_transfers"."points" > 0),
	CONSTRAINT "point_transfers_status_check" CHECK ("point_transfers"."status" in ('requested', 'sent', 'confirmed', 'refused', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "transfer_documents" (
	"client_id" integer NOT NULL,
	"document" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transfer_documents_client_id_document_pk" PRIMARY KEY("client_id","document")
);
--> statement-breakpoint
ALTER TABLE "incoming_point_transfers" ADD CONSTRAINT "incoming_point_transfers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_point_transfers" ADD CONSTRAINT "incoming_point_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transfers" ADD CONSTRAINT "point_transfers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "point_transfers" ADD CONSTRAINT "point_transfers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_documents" ADD CONSTRAINT "transfer_documents_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_documents" ADD CONSTRAINT "transfer_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_point_transfers_partner_idx" ON "incoming_point_transfers" USING btree ("client_id","partner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "point_transfers_key_idx" ON "point_transfers" USING btree ("client_id","user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "point_transfers_user_idx" ON "point_transfers" USING btree ("client_id","user_id","id");