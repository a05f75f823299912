CREATE TABLE "daily_challenge_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"challenge_id" integer NOT NULL,
	"day" date NOT NULL,
	"answer" jsonb NOT NULL,
	"correct" boolean NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_challenge_answers_size" CHECK (octet_length("daily_challenge_answers"."answer"::text) <= 4000)
);
--> statement-breakpoint
CREATE TABLE "daily_challenge_settings" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"streak_badge_id" integer,
	"streak_badge_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_challenge_settings_days_check" CHECK ("daily_challenge_settings"."streak_badge_days" between 2 and 365)
);
--> statement-breakpoint
CREATE TABLE "daily_challenge_streaks" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"current" integer DEFAULT 0 NOT NULL,
	"best" integer DEFAULT 0 NOT NULL,
	"last_day" date,
	"badge_granted_at" timestamp with time zone,
	CONSTRAINT "daily_challenge_streaks_client_id_user_id_pk" PRIMARY KEY("client_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "daily_challenges" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"day" date NOT NULL,
	"question_id" integer NOT NULL,
	"points" integer NOT NULL,
	"xp" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "daily_challenges_points_check" CHECK ("daily_challenges"."points" between 0 and 100000 and "daily_challenges"."xp" between 0 and 100000)
);
--> statement-breakpoint
ALTER TABLE "daily_challenge_answers" ADD CONSTRAINT "daily_challenge_answers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenge_answers" ADD CONSTRAINT "daily_challenge_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenge_answers" ADD CONSTRAINT "daily_challenge_answers_challenge_id_daily_challenges_id_fk" FOREIGN KEY ("challenge_id") REFERENCES "public"."daily_challenges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenge_settings" ADD CONSTRAINT "daily_challenge_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenge_streaks" ADD CONSTRAINT "daily_challenge_streaks_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenge_streaks" ADD CONSTRAINT "daily_challenge_streaks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenges" ADD CONSTRAINT "daily_challenges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_challenges" ADD CONSTRAINT "daily_challenges_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "daily_challenge_answers_user_day_uq" ON "daily_challenge_answers" USING btree ("user_id","client_id","day");--> statement-breakpoint
CREATE INDEX "daily_challenge_answers_challenge_idx" ON "daily_challenge_answers" USING btree ("client_id","challenge_id");--> statement-breakpoint
CREATE UNIQUE INDEX "daily_challenges_client_day_uq" ON "daily_challenges" USING btree ("client_id","day");