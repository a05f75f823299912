CREATE TABLE "sence_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sence_code" text NOT NULL,
	"course_code" text NOT NULL,
	"state_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"authority_code" text,
	"error" text,
	"authority_session_hash" text,
	"finished_at" timestamp with time zone,
	CONSTRAINT "sence_sessions_status_check" CHECK ("sence_sessions"."status" in ('pending', 'succeeded', 'failed', 'expired'))
);
--> statement-breakpoint
ALTER TABLE "sence_sessions" ADD CONSTRAINT "sence_sessions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sence_sessions" ADD CONSTRAINT "sence_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sence_sessions_state_idx" ON "sence_sessions" USING btree ("state_hash");--> statement-breakpoint
CREATE INDEX "sence_sessions_user_idx" ON "sence_sessions" USING btree ("client_id","user_id","created_at");