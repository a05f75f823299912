CREATE TABLE "about_team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT '' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"photo_key" text
);
--> statement-breakpoint
CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"module_id" integer NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"requires_previous" boolean DEFAULT false NOT NULL,
	"requires_authorization" boolean DEFAULT false NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content_prefix" text,
	"content_path" text,
	"file_name" text,
	"file_mime" text,
	"file_size" integer,
	"file_group" text,
	"scorm" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "activity_authorizations" (
	"activity_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"authorized_by" integer,
	"authorized_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_authorizations_activity_id_user_id_pk" PRIMARY KEY("activity_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "activity_progress" (
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"position" double precision,
	"watched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duration" double precision,
	"page" integer,
	"page_count" integer,
	"success" text,
	"score" double precision,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_progress_user_id_activity_id_pk" PRIMARY KEY("user_id","activity_id"),
	CONSTRAINT "activity_progress_status_check" CHECK ("activity_progress"."status" in ('in_progress', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "audience_area_members" (
	"area_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "audience_area_members_area_id_user_id_pk" PRIMARY KEY("area_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "audience_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audience_group_members" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "audience_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "audience_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_enrollments" (
	"course_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"source" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_enrollments_course_id_user_id_pk" PRIMARY KEY("course_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "course_modules" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_progress" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"completed_count" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_progress_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "courses" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"workload_minutes" integer,
	"category_id" integer,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"subscription_mode" text DEFAULT 'open' NOT NULL,
	"prerequisite_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"audience_area_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"audience_group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"audience_country_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"audience_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"activity_count" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courses_subscription_mode_check" CHECK ("courses"."subscription_mode" in ('open', 'enrollment', 'assigned'))
);
--> statement-breakpoint
CREATE TABLE "learning_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learning_favorites" (
	"user_id" integer NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learning_favorites_user_id_item_kind_item_id_pk" PRIMARY KEY("user_id","item_kind","item_id")
);
--> statement-breakpoint
CREATE TABLE "learning_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "scorm_runtime_data" (
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"cmi" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sessions" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorm_runtime_data_user_id_activity_id_pk" PRIMARY KEY("user_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "trail_enrollments" (
	"trail_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"source" text NOT NULL,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trail_enrollments_trail_id_user_id_pk" PRIMARY KEY("trail_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trail_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"trail_id" integer NOT NULL,
	"position" integer NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" integer NOT NULL,
	CONSTRAINT "trail_items_kind_check" CHECK ("trail_items"."item_kind" in ('course', 'presential_catalog', 'webinar', 'live_class'))
);
--> statement-breakpoint
CREATE TABLE "trails" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"cover_key" text,
	"category_id" integer,
	"tag_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"subscription_mode" text DEFAULT 'open' NOT NULL,
	"sequential" boolean DEFAULT false NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"audience_area_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"audience_group_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"audience_country_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"audience_roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "about_team_members" ADD CONSTRAINT "about_team_members_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_module_id_course_modules_id_fk" FOREIGN KEY ("module_id") REFERENCES "public"."course_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_authorizations" ADD CONSTRAINT "activity_authorizations_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_authorizations" ADD CONSTRAINT "activity_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_authorizations" ADD CONSTRAINT "activity_authorizations_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_authorizations" ADD CONSTRAINT "activity_authorizations_authorized_by_users_id_fk" FOREIGN KEY ("authorized_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD CONSTRAINT "activity_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD CONSTRAINT "activity_progress_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD CONSTRAINT "activity_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD CONSTRAINT "activity_progress_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_area_members" ADD CONSTRAINT "audience_area_members_area_id_audience_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."audience_areas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_area_members" ADD CONSTRAINT "audience_area_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_areas" ADD CONSTRAINT "audience_areas_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_group_members" ADD CONSTRAINT "audience_group_members_group_id_audience_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."audience_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_group_members" ADD CONSTRAINT "audience_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audience_groups" ADD CONSTRAINT "audience_groups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_enrollments" ADD CONSTRAINT "course_enrollments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_modules" ADD CONSTRAINT "course_modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_progress" ADD CONSTRAINT "course_progress_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_category_id_learning_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."learning_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courses" ADD CONSTRAINT "courses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_categories" ADD CONSTRAINT "learning_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_favorites" ADD CONSTRAINT "learning_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_favorites" ADD CONSTRAINT "learning_favorites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learning_tags" ADD CONSTRAINT "learning_tags_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime_data" ADD CONSTRAINT "scorm_runtime_data_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime_data" ADD CONSTRAINT "scorm_runtime_data_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorm_runtime_data" ADD CONSTRAINT "scorm_runtime_data_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_enrollments" ADD CONSTRAINT "trail_enrollments_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_enrollments" ADD CONSTRAINT "trail_enrollments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_enrollments" ADD CONSTRAINT "trail_enrollments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_items" ADD CONSTRAINT "trail_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trail_items" ADD CONSTRAINT "trail_items_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trails" ADD CONSTRAINT "trails_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trails" ADD CONSTRAINT "trails_category_id_learning_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."learning_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "about_team_members_site_idx" ON "about_team_members" USING btree ("site_id","position");--> statement-breakpoint
CREATE INDEX "activities_module_idx" ON "activities" USING btree ("module_id","position");--> statement-breakpoint
CREATE INDEX "activities_course_idx" ON "activities" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "activity_authorizations_user_idx" ON "activity_authorizations" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "activity_progress_user_course_idx" ON "activity_progress" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "audience_area_members_user_idx" ON "audience_area_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audience_areas_name_key" ON "audience_areas" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "audience_group_members_user_idx" ON "audience_group_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audience_groups_name_key" ON "audience_groups" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "course_enrollments_user_idx" ON "course_enrollments" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "course_modules_course_idx" ON "course_modules" USING btree ("course_id","position");--> statement-breakpoint
CREATE INDEX "course_progress_course_idx" ON "course_progress" USING btree ("course_id");--> statement-breakpoint
CREATE INDEX "courses_client_published_idx" ON "courses" USING btree ("client_id","published","title");--> statement-breakpoint
CREATE UNIQUE INDEX "learning_categories_name_key" ON "learning_categories" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "learning_tags_name_key" ON "learning_tags" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "trail_enrollments_user_idx" ON "trail_enrollments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trail_items_position_key" ON "trail_items" USING btree ("trail_id","position");--> statement-breakpoint
CREATE INDEX "trail_items_item_idx" ON "trail_items" USING btree ("item_kind","item_id");--> statement-breakpoint
CREATE INDEX "trails_client_published_idx" ON "trails" USING btree ("client_id","published","title");