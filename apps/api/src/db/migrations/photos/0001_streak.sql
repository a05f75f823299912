CREATE TABLE "photo_settings" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"streak_badge_id" integer,
	"streak_weeks" integer DEFAULT 4 NOT NULL,
	CONSTRAINT "photo_settings_weeks_check" CHECK ("photo_settings"."streak_weeks" between 2 and 52)
);
--> statement-breakpoint
ALTER TABLE "photo_settings" ADD CONSTRAINT "photo_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;