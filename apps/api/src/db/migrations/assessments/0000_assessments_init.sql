CREATE TABLE "question_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"category_id" integer,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"stem" text NOT NULL,
	"general_feedback" text DEFAULT '' NOT NULL,
	"points" double precision DEFAULT 1 NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"body" jsonb NOT NULL,
	"media" jsonb,
	"translations" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_kind_check" CHECK ("questions"."kind" in ('single_choice', 'multiple_choice', 'true_false', 'matching', 'ordering', 'numeric', 'short_answer', 'essay')),
	CONSTRAINT "questions_points_check" CHECK ("questions"."points" >= 0 and "questions"."points" <= 1000)
);
--> statement-breakpoint
ALTER TABLE "question_categories" ADD CONSTRAINT "question_categories_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_category_id_question_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."question_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_categories_name_uq" ON "question_categories" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "questions_client_idx" ON "questions" USING btree ("client_id","category_id","id");--> statement-breakpoint
CREATE INDEX "questions_tags_idx" ON "questions" USING gin ("tags");