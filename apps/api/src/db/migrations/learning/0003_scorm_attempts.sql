ALTER TABLE "scorm_runtime_data" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "scorm_runtime_data" ADD COLUMN "ended_with" text;--> statement-breakpoint
ALTER TABLE "scorm_runtime_data" ADD COLUMN "total_seconds" integer DEFAULT 0 NOT NULL;