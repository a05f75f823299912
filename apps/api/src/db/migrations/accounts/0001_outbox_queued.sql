ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_check";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_check" CHECK ("outbox"."status" in ('queued', 'sent', 'failed'));