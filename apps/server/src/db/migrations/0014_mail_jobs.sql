DROP INDEX "mail_outbox_pending_idx";--> statement-breakpoint
ALTER TABLE "mail_outbox" DROP COLUMN "next_attempt_at";