CREATE TABLE "assessment_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"activity_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"trail_id" integer,
	"number" integer NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deadline_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"pass_mark" integer NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"essay_grades" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"score" double precision,
	"earned" double precision,
	"correct_count" integer DEFAULT 0 NOT NULL,
	"question_count" integer NOT NULL,
	"passed" boolean,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_attempts_status_check" CHECK ("assessment_attempts"."status" in ('in_progress', 'submitted', 'expired', 'pending_grading')),
	CONSTRAINT "assessment_attempts_answers_size" CHECK (octet_length("assessment_attempts"."answers"::text) <= 4000000)
);
--> statement-breakpoint
CREATE TABLE "assessment_course_states" (
	"user_id" integer NOT NULL,
	"course_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	"generation" integer DEFAULT 0 NOT NULL,
	"restarted_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"blocked_activity_id" integer,
	"reproved_at" timestamp with time zone,
	"improved_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_course_states_user_id_course_id_pk" PRIMARY KEY("user_id","course_id")
);
--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_attempts" ADD CONSTRAINT "assessment_attempts_trail_id_trails_id_fk" FOREIGN KEY ("trail_id") REFERENCES "public"."trails"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_course_states" ADD CONSTRAINT "assessment_course_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_course_states" ADD CONSTRAINT "assessment_course_states_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_course_states" ADD CONSTRAINT "assessment_course_states_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_course_states" ADD CONSTRAINT "assessment_course_states_blocked_activity_id_activities_id_fk" FOREIGN KEY ("blocked_activity_id") REFERENCES "public"."activities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_attempts_open_uq" ON "assessment_attempts" USING btree ("user_id","activity_id") WHERE "assessment_attempts"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "assessment_attempts_user_idx" ON "assessment_attempts" USING btree ("client_id","user_id","activity_id","generation");--> statement-breakpoint
CREATE INDEX "assessment_attempts_activity_idx" ON "assessment_attempts" USING btree ("client_id","activity_id","id");--> statement-breakpoint
CREATE INDEX "assessment_attempts_deadline_idx" ON "assessment_attempts" USING btree ("deadline_at") WHERE "assessment_attempts"."status" = 'in_progress' and "assessment_attempts"."deadline_at" is not null;--> statement-breakpoint
CREATE INDEX "assessment_course_states_blocked_idx" ON "assessment_course_states" USING btree ("client_id","course_id") WHERE "assessment_course_states"."blocked_at" is not null;