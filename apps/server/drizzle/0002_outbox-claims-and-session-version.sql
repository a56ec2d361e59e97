ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_valid";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "session_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_valid" CHECK ("outbox"."status" in ('pending', 'sending', 'sent', 'failed'));