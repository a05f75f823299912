CREATE TABLE "user_active_weeks" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"week_start" date NOT NULL,
	CONSTRAINT "user_active_weeks_client_id_user_id_week_start_pk" PRIMARY KEY("client_id","user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "user_active_weeks" ADD CONSTRAINT "user_active_weeks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_active_weeks" ADD CONSTRAINT "user_active_weeks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;