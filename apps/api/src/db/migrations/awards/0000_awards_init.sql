CREATE TABLE "award_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"moment" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"badge_id" integer,
	"certificate_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "awards" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"target_type" text NOT NULL,
	"target_id" integer NOT NULL,
	"moment" text DEFAULT 'finish' NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"points_validity_days" integer,
	"xp" integer DEFAULT 0 NOT NULL,
	"badge_id" integer,
	"certificate" boolean DEFAULT false NOT NULL,
	"certificate_validity_months" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "awards_target_check" CHECK ("awards"."target_type" in ('activity', 'course', 'trail')),
	CONSTRAINT "awards_moment_check" CHECK ("awards"."moment" in ('finish', 'pass')),
	CONSTRAINT "awards_points_check" CHECK ("awards"."points" >= 0 and "awards"."points" <= 1000000),
	CONSTRAINT "awards_xp_check" CHECK ("awards"."xp" >= 0 and "awards"."xp" <= 1000000),
	CONSTRAINT "awards_validity_check" CHECK (("awards"."points_validity_days" is null or "awards"."points_validity_days" between 1 and 3650)
        and ("awards"."certificate_validity_months" is null or "awards"."certificate_validity_months" between 1 and 120))
);
--> statement-breakpoint
CREATE TABLE "badges" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"image_key" text,
	"texts" jsonb NOT NULL,
	"criterion" text NOT NULL,
	"criterion_ref_id" integer,
	"criterion_count" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "badges_criterion_check" CHECK ("badges"."criterion" in ('manual', 'course', 'trail', 'category_courses', 'points', 'xp', 'streak_weeks')),
	CONSTRAINT "badges_count_check" CHECK ("badges"."criterion_count" is null or "badges"."criterion_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "reward_settings" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"learning_points_validity_days" integer,
	"certificate_reminder_days" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_settings_validity_check" CHECK ("reward_settings"."learning_points_validity_days" is null or "reward_settings"."learning_points_validity_days" between 1 and 3650),
	CONSTRAINT "reward_settings_reminder_check" CHECK ("reward_settings"."certificate_reminder_days" between 1 and 365)
);
--> statement-breakpoint
CREATE TABLE "user_badges" (
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"badge_id" integer NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_badges_user_id_badge_id_pk" PRIMARY KEY("user_id","badge_id")
);
--> statement-breakpoint
ALTER TABLE "award_grants" ADD CONSTRAINT "award_grants_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_grants" ADD CONSTRAINT "award_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "award_grants" ADD CONSTRAINT "award_grants_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "badges" ADD CONSTRAINT "badges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_settings" ADD CONSTRAINT "reward_settings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_badges" ADD CONSTRAINT "user_badges_badge_id_badges_id_fk" FOREIGN KEY ("badge_id") REFERENCES "public"."badges"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "award_grants_once_idx" ON "award_grants" USING btree ("client_id","user_id","target_type","target_id","moment");--> statement-breakpoint
CREATE INDEX "award_grants_user_idx" ON "award_grants" USING btree ("client_id","user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "awards_target_idx" ON "awards" USING btree ("client_id","target_type","target_id","moment");--> statement-breakpoint
CREATE INDEX "badges_client_idx" ON "badges" USING btree ("client_id","criterion");--> statement-breakpoint
CREATE INDEX "user_badges_client_user_idx" ON "user_badges" USING btree ("client_id","user_id");