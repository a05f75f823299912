ALTER TABLE "activity_progress" ADD COLUMN "seconds_spent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_progress" ADD COLUMN "last_seen_at" timestamp with time zone;